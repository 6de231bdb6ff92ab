import { defineMutant, withLimits } from '../defineMutant.js';

/** The root is not counted as a visited value, so 16,385 values are admitted. */
export const valuesRootUncounted = defineMutant(
  {
    name: 'values-root-uncounted',
    claims: ['REQ-BOUND-VALUES'],
    description: 'does not count the root as a visited value: admits 16,385 values',
  },
  // Not counting the root is exactly a bound one higher.
  { limits: withLimits({ maxValues: 16_385 }) },
);
