import { defineMutant, renderWhen } from '../defineMutant.js';

/** Unknown outcomes say reason "not-found". */
export const unknownReasonNotFound = defineMutant(
  {
    name: 'unknown-reason-not-found',
    claims: ['OUT-UNKNOWN-REASON'],
    // Every fresh observe then answers an invalid outcome.
    incidental: ['SEM-OBSERVE-FRESH'],
    description: 'unknown outcomes carry reason "not-found"',
  },
  { render: renderWhen('unknown', (outcome) => ({ ...outcome, reason: 'not-found' })) },
);
