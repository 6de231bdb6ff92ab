import { defineMutant } from '../defineMutant.js';
import { byCodePoint } from '../../../harness/suite/payloadFeatures.js';
import { canonicalVariant, ecmaNumber } from '../canonicalVariant.js';

/** Canonicalizes with keys sorted by code point, so its digest of `{"\uffff":…,"😀":…}` differs and it refuses the submit. */
export const keysByCodePoint = defineMutant(
  {
    name: 'keys-by-code-point',
    claims: ['SEM-SUBMIT-ADMITS'],
    description: 'sorts canonical keys by code point instead of UTF-16 code unit: refuses a valid payload with keys "\\uffff" and "😀" (digest mismatch)',
  },
  { canonical: canonicalVariant({ compareKeys: byCodePoint, formatNumber: ecmaNumber }) },
);
