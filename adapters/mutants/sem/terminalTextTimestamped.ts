import { digestText } from '../../../harness/protocol/digest.js';
import { defineMutant, renderWhen } from '../defineMutant.js';

/** The terminal text is rendered at each call with the current time. */
export const terminalTextTimestamped = defineMutant(
  {
    name: 'terminal-text-timestamped',
    claims: ['SEM-TERMINAL-IMMUTABLE'],
    // Two terminal outcomes at revision 2 now differ.
    incidental: ['SEM-EQUAL-REVISION'],
    description: 'terminal result text includes the time of the call, so it changes on every observe',
  },
  {
    render: renderWhen('terminal', (outcome) => {
      const text = `completed ✓ ${String(outcome.operationId)} at ${new Date().toISOString()} (pid ${process.pid})`;
      return { ...outcome, result: { text, digest: digestText(text), length: Buffer.byteLength(text, 'utf8') } };
    }),
  },
);
