import { defineMutant, renderWhen } from '../defineMutant.js';

/** Accepted outcomes at revision 3, terminal at 2. */
export const revisionDropsAtTerminal = defineMutant(
  {
    name: 'revision-drops-at-terminal',
    claims: ['SEM-REVISION-MONOTONIC'],
    description: 'accepted outcomes carry revision 3 (admission + two provider steps), the terminal one revision 2',
  },
  { render: renderWhen('accepted', (outcome) => ({ ...outcome, revision: 3 })) },
);
