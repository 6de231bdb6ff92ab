import { defineMutant, withLimits } from '../defineMutant.js';

/** Object bound off by one. */
export const object65Admitted = defineMutant(
  {
    name: 'object-65-admitted',
    claims: ['REQ-BOUND-OBJECT'],
    description: 'object bound off by one: admits an object of 65 entries',
  },
  { limits: withLimits({ maxObjectEntries: 65 }) },
);
