import { defineMutant, renderWhen } from '../defineMutant.js';

/** settlement "settled" instead of the exact literal. */
export const settlementAbbreviated = defineMutant(
  {
    name: 'settlement-abbreviated',
    claims: ['OUT-TERMINAL-SETTLEMENT'],
    description: 'terminal outcomes carry settlement "settled"',
  },
  { render: renderWhen('terminal', (outcome) => ({ ...outcome, settlement: 'settled' })) },
);
