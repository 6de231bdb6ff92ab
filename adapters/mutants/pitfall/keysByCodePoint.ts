import { defineMutant } from '../defineMutant.js';
import { canonicalVariant, ecmaNumber } from '../_internals/canonicalVariant.js';

/** Key order by Unicode code point, as Python's `sorted` or Rust's `str` ordering gives it. */
function byCodePoint(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    const difference = (left[index]?.codePointAt(0) ?? 0) - (right[index]?.codePointAt(0) ?? 0);
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}

/** Canonicalizes with keys sorted by code point, so its digest of `{"\uffff":…,"😀":…}` differs and it refuses the submit. */
export const keysByCodePoint = defineMutant(
  {
    name: 'keys-by-code-point',
    claims: ['SEM-SUBMIT-ADMITS'],
    description: 'sorts canonical keys by code point instead of UTF-16 code unit: refuses a valid payload with keys "\\uffff" and "😀" (digest mismatch)',
  },
  { canonical: canonicalVariant({ compareKeys: byCodePoint, formatNumber: ecmaNumber }) },
);
