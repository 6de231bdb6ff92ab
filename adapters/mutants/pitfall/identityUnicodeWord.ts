import { defineMutant } from '../defineMutant.js';

/** The identity pattern with a Unicode `\w` (Python 3's default): letters and digits of any script. */
const UNICODE_WORD = /^[\p{L}\p{N}_][\p{L}\p{N}_.:-]{0,159}$/u;

/** Checks identities with a Unicode-aware `\w`, so `"xé"` passes. */
export const identityUnicodeWord = defineMutant(
  {
    name: 'identity-unicode-word',
    claims: ['REQ-IDENTITY'],
    incidental: ['OUT-BINDING'],
    description: 'identity regex ^\\w[\\w.:-]{0,159}$ with a Unicode \\w: "xé" passes',
  },
  { isIdentity: (value) => typeof value === 'string' && UNICODE_WORD.test(value) },
);
