import { defineMutant, renderWhen } from '../defineMutant.js';

/** Terminal outcomes carry a debug field. */
export const terminalDebugField = defineMutant(
  {
    name: 'terminal-debug-field',
    claims: ['OUT-CLOSED'],
    description: 'terminal outcomes carry an extra "debug" field',
  },
  { render: renderWhen('terminal', (outcome) => ({ ...outcome, debug: { ledger: 'reference', pid: process.pid } })) },
);
