import { defineMutant } from '../defineMutant.js';
import { renderWhen } from '../_internals/renderWhen.js';

/** Terminal outcome kind "succeeded". */
export const outcomeSucceeded = defineMutant(
  {
    name: 'outcome-succeeded',
    claims: ['OUT-TERMINAL-OUTCOME'],
    description: 'terminal outcomes carry outcome "succeeded"',
  },
  { render: renderWhen('terminal', (outcome) => ({ ...outcome, outcome: 'succeeded' })) },
);
