import { referenceBehavior } from '../../reference/referenceBehavior.js';
import { defineMutant } from '../defineMutant.js';

/** Prints a valid terminal outcome, then exits 3 ("operation finished"). */
export const terminalExit3 = defineMutant(
  {
    name: 'terminal-exit-3',
    claims: ['OUT-EXIT'],
    description: 'prints a valid terminal outcome and exits with code 3',
  },
  {
    emit: async (outcome, stdout) => {
      const code = await referenceBehavior.emit(outcome, stdout);
      return outcome.state === 'terminal' ? 3 : code;
    },
  },
);
