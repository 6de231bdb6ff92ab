import { defineMutant, withLimits } from '../defineMutant.js';

/** Depth bound off by one: a payload of depth 17 is admitted. */
export const depth17Admitted = defineMutant(
  {
    name: 'depth-17-admitted',
    claims: ['REQ-BOUND-DEPTH'],
    description: 'depth bound off by one: admits values nested 17 deep',
  },
  { limits: withLimits({ maxDepth: 17 }) },
);
