import { pick } from './pick.js';

/** UTF-8 width of the characters `textOfBytes` draws. */
export type CharWidth = 1 | 2 | 3 | 4;

/** Code point ranges by UTF-8 width; none needs escaping in JSON (no `"`, `\`, controls or surrogates). */
const RANGES: Readonly<Record<CharWidth, readonly (readonly [number, number])[]>> = {
  1: [[0x20, 0x21], [0x23, 0x5b], [0x5d, 0x7e]],
  2: [[0x80, 0x7ff]],
  3: [[0x800, 0xd7ff], [0xe000, 0xfffd]],
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
