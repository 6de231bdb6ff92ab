import type { JsonScalar } from './scalar.js';
import { pick } from './pick.js';
import { textOfWidth } from './textOfWidth.js';

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
