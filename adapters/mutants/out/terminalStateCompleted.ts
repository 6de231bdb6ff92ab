import { defineMutant, renderWhen } from '../defineMutant.js';

/** Terminal outcomes say state "completed", confusing state with outcome. */
export const terminalStateCompleted = defineMutant(
  {
    name: 'terminal-state-completed',
    claims: ['OUT-STATE'],
    description: 'terminal outcomes carry state "completed" instead of "terminal"',
  },
  { render: renderWhen('terminal', (outcome) => ({ ...outcome, state: 'completed' })) },
);
