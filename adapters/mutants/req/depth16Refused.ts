import { defineMutant, withLimits } from '../defineMutant.js';

/** Counts the root at depth 1, so a payload exactly on the depth bound is refused. */
export const depth16Refused = defineMutant(
  {
    name: 'depth-16-refused',
    claims: ['REQ-BOUNDARY-ACCEPT'],
    description: 'counts the root at depth 1: refuses a scalar nested exactly 16 deep',
  },
  { limits: withLimits({ maxDepth: 15 }) },
);
