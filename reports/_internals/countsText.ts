import type { ClauseLevel } from '../../harness/clauses.js';
import type { AcceptanceReport } from '../types.js';

/**
 * `pass 3 / fail 1 / skip 2 (1 not applicable) / inconclusive 2` for one level
 * of a report: not-applicable SKIPs are named, since they leave nothing open.
 * @internal
 */
export function countsText(report: AcceptanceReport, level: ClauseLevel): string {
  const counts = level === 'MUST' ? report.summary.must : report.summary.should;
  const notApplicable = report.clauses.filter((entry) => entry.level === level && entry.applicable === false).length;
  const skip = notApplicable === 0 ? `${counts.skip}` : `${counts.skip} (${notApplicable} not applicable)`;
  return `pass ${counts.pass} / fail ${counts.fail} / skip ${skip} / inconclusive ${counts.inconclusive}`;
}
