import { seededIntegerLikeKey } from './integerLikeKeys.js';
import { pick } from './pick.js';
import { textOfWidth } from './textOfWidth.js';

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
