import { defineMutant, renderWhen } from '../defineMutant.js';

/** The terminal outcome keeps the accepted revision. */
export const terminalKeepsRevision1 = defineMutant(
  {
    name: 'terminal-keeps-revision-1',
    claims: ['SEM-EQUAL-REVISION'],
    description: 'terminal outcomes keep revision 1, equal to the different accepted outcome',
  },
  { render: renderWhen('terminal', (outcome) => ({ ...outcome, revision: 1 })) },
);
