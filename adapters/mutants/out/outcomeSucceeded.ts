import { defineMutant, renderWhen } from '../defineMutant.js';

/** Terminal outcome kind "succeeded". */
export const outcomeSucceeded = defineMutant(
  {
    name: 'outcome-succeeded',
    claims: ['OUT-TERMINAL-OUTCOME'],
    description: 'terminal outcomes carry outcome "succeeded"',
  },
  { render: renderWhen('terminal', (outcome) => ({ ...outcome, outcome: 'succeeded' })) },
);
