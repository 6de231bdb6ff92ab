import { defineMutant } from '../defineMutant.js';

const UNAVAILABLE = Object.freeze({ state: 'unknown', reason: 'unavailable' } as const);

/**
 * A control, not a defect: an authority that is never available. It must
 * leave the SEM clauses INCONCLUSIVE, never PASS.
 */
export const onlyUnknown = defineMutant(
  {
    name: 'only-unknown',
    claims: [],
    // It admits nothing, so it cannot admit a request sitting on a bound either.
    incidental: ['REQ-BOUNDARY-ACCEPT'],
    expect: 'inconclusive',
    description: 'validates requests correctly but answers every valid request unknown/unavailable',
  },
  { ledger: { submit: () => UNAVAILABLE, observe: () => UNAVAILABLE } },
);
