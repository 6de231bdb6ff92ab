import { pick } from './pick.js';
import { textOfWidth } from './textOfWidth.js';

/**
 * `count` distinct short keys of characters of `width` UTF-8 bytes, from `random`.
 * @internal
 */
export function seededKeys(random: () => number, count: number, width: 1 | 2 | 3 = 1): string[] {
  const keys = new Set<string>();
  while (keys.size < count) keys.add(textOfWidth(random, width, pick(random, 1, 6)));
  return [...keys];
}
