import { referenceBehavior } from '../../reference/referenceBehavior.js';
import { defineMutant } from '../defineMutant.js';

/** Logs a progress line on stdout before a terminal outcome. */
export const logLineBeforeTerminal = defineMutant(
  {
    name: 'log-line-before-terminal',
    claims: ['OUT-JSON'],
    description: 'prints "operation settled" on stdout before the terminal outcome JSON',
  },
  {
    emit: async (outcome, stdout) => {
      if (outcome.state === 'terminal') stdout.write('operation settled\n');
      return referenceBehavior.emit(outcome, stdout);
    },
  },
);
