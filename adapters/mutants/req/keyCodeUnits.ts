import { defineMutant } from '../defineMutant.js';

/** Key length measured in UTF-16 code units instead of UTF-8 bytes. */
export const keyCodeUnits = defineMutant(
  {
    name: 'key-code-units',
    claims: ['REQ-BOUND-KEY'],
    description: 'measures keys with String.length: a key of 86 three-byte characters (258 bytes) passes',
  },
  { keyBytes: (key) => key.length },
);
