import * as fc from 'fast-check';

/**
 * A small deterministic generator (mulberry32): bulk content (thousands of
 * values, megabytes of text) comes from one generated seed, so fast-check
 * never has to generate or shrink it value by value.
 * @internal
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A random integer in [min, max] from `random`.
 * @internal
 */
export function pick(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** UTF-8 width of the characters `textOfBytes` draws. */
export type CharWidth = 1 | 2 | 3 | 4;

/** Code point ranges by UTF-8 width; none needs escaping in JSON (no `"`, `\`, controls or surrogates). */
const RANGES: Readonly<Record<CharWidth, readonly (readonly [number, number])[]>> = {
  1: [
    [0x20, 0x21],
    [0x23, 0x5b],
    [0x5d, 0x7e],
  ],
  2: [[0x80, 0x7ff]],
  3: [
    [0x800, 0xd7ff],
    [0xe000, 0xfffd],
  ],
  4: [[0x10000, 0x10ffff]],
};

/**
 * `count` random characters of one UTF-8 width (so `count × width` bytes),
 * none escaped by JSON. Long texts repeat a random 64-character chunk: cheap,
 * and still not one repeated character.
 * @internal
 */
export function textOfWidth(random: () => number, width: CharWidth, count: number): string {
  const ranges = RANGES[width];
  const chunk: string[] = [];
  for (let index = 0; index < Math.min(count, 64); index += 1) {
    const [low, high] = ranges[pick(random, 0, ranges.length - 1)] as readonly [number, number];
    chunk.push(String.fromCodePoint(pick(random, low, high)));
  }
  const unit = chunk.join('');
  const chars = chunk.length;
  if (count <= chars) return unit;
  // Slice by characters, not code units, so 4-byte characters are never split.
  const tail = chunk.slice(0, count % chars).join('');
  return unit.repeat(Math.floor(count / chars)) + tail;
}

/** A JSON scalar. */
export type JsonScalar = null | boolean | number | string;

/**
 * Small JSON scalars: filler that adds one value each and no depth.
 * @internal
 */
export function scalar(): fc.Arbitrary<JsonScalar> {
  return fc.oneof(fc.integer({ min: -1_000, max: 1_000 }), fc.boolean(), fc.constant(null), fc.string({ maxLength: 6 }));
}

/**
 * One small random scalar from `random` (bulk filler for bound payloads).
 * @internal
 */
export function seededScalar(random: () => number): JsonScalar {
  switch (pick(random, 0, 4)) {
    case 0:
      return pick(random, -1_000_000, 1_000_000);
    case 1:
      return random() < 0.5;
    case 2:
      return null;
    case 3:
      return random() * 1e6;
    default:
      return textOfWidth(random, pick(random, 1, 3) as 1 | 2 | 3, pick(random, 0, 4));
  }
}

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
  return fc.oneof(fc.nat({ max: 1_000 }).map(String), fc.constantFrom(...INTEGER_LIKE_KEYS), fc.bigInt({ min: 4_294_967_280n, max: 4_294_967_310n }).map(String));
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

/**
 * `count` distinct short keys of characters of `width` UTF-8 bytes, from `random`.
 * About a quarter of the ASCII keys look like integers on purpose (array
 * indices and near misses), since canonical key order differs for them.
 * @internal
 */
export function seededKeys(random: () => number, count: number, width: 1 | 2 | 3 = 1): string[] {
  const keys = new Set<string>();
  while (keys.size < count) keys.add(width === 1 && pick(random, 0, 3) === 0 ? seededIntegerLikeKey(random) : textOfWidth(random, width, pick(random, 1, 6)));
  return [...keys];
}

/**
 * Splits `total` into `parts` sizes of at most `cap` each, as evenly as
 * possible (the first ones one larger).
 * @throws RangeError when `total` does not fit (a generator bug)
 * @internal
 */
export function spread(total: number, parts: number, cap: number): number[] {
  if (total > parts * cap || total < 0) throw new RangeError(`cannot split ${total} into ${parts} parts of at most ${cap}`);
  const base = Math.floor(total / parts);
  const larger = total % parts;
  return Array.from({ length: parts }, (_, index) => base + (index < larger ? 1 : 0));
}
