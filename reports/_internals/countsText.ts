import type { VerdictCounts } from '../types.js';

/**
 * `pass 3 / fail 1 / skip 0 / inconclusive 2`.
 * @internal
 */
export function countsText(counts: VerdictCounts): string {
  return `pass ${counts.pass} / fail ${counts.fail} / skip ${counts.skip} / inconclusive ${counts.inconclusive}`;
}
