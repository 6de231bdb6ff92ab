import * as fc from 'fast-check';
import { pick } from './pick.js';

/**
 * Keys on both sides of JavaScript's array-index rule, the classic canonical
 * JSON pitfall: algal's host writes array-index keys (`"0"` … `"4294967294"`)
 * first in numeric order, RFC 8785 sorts them as text. Near misses (a leading
 * zero, a sign, an exponent, one past the last index) are ordinary keys.
 * @internal
 */
export const INTEGER_LIKE_KEYS = ['0', '9', '10', '01', '00', '-1', '-0', '+1', '1e3', '1.5', ' 1', '4294967294', '4294967295', '4294967296'] as const;

/**
 * An integer-like key: a small index, an index near the 2^32 - 2 limit, or one of {@link INTEGER_LIKE_KEYS}.
 * @internal
 */
export function integerLikeKey(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.nat({ max: 1_000 }).map(String),
    fc.constantFrom(...INTEGER_LIKE_KEYS),
    fc.bigInt({ min: 4_294_967_280n, max: 4_294_967_310n }).map(String),
  );
}

/**
 * A seeded ASCII key of 1–6 characters that looks like an integer: an array
 * index, or a near miss with a leading zero or a sign.
 * @internal
 */
export function seededIntegerLikeKey(random: () => number): string {
  const digits = String(pick(random, 0, 99_999));
  switch (pick(random, 0, 3)) {
    case 0:
      return `0${digits}`;
    case 1:
      return `-${digits}`;
    default:
      return digits;
  }
}
