import { defineMutant } from '../defineMutant.js';
import { canonicalJson } from '../../../harness/protocol/canonicalJson.js';

/**
 * Admits 1e400: it never checks finiteness, and serializes with
 * JSON.stringify semantics, where Infinity becomes null.
 */
export const nonFiniteAsNull = defineMutant(
  {
    name: 'non-finite-as-null',
    claims: ['REQ-BOUND-FINITE'],
    description:
      'admits non-finite numbers (1e400), digesting them as JSON.stringify writes them (null); ' +
      'killed by a submit whose requestDigest is digestCanonical of the payload with 1e400 read as null',
  },
  {
    isAdmissibleNumber: () => true,
    canonical: (value) => canonicalJson(JSON.parse(JSON.stringify(value)) as unknown),
  },
);
