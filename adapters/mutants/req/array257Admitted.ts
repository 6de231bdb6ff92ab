import { defineMutant, withLimits } from '../defineMutant.js';

/** Array bound off by one. */
export const array257Admitted = defineMutant(
  {
    name: 'array-257-admitted',
    claims: ['REQ-BOUND-ARRAY'],
    description: 'array bound off by one: admits an array of 257 entries',
  },
  { limits: withLimits({ maxArrayEntries: 257 }) },
);
