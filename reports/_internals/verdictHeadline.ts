import type { ClauseId } from '../../harness/clauses.js';
import type { AcceptanceReport, OverallVerdict } from '../types.js';

const headline = {
  conformant: 'CONFORMANT',
  'non-conformant': 'NON-CONFORMANT',
  incomplete: 'INCOMPLETE',
} as const satisfies Record<OverallVerdict, string>;

/**
 * The overall verdict as a headline word.
 * @internal
 */
export function verdictHeadline(verdict: OverallVerdict): string {
  return headline[verdict];
}

/**
 * The MUST clauses that failed, in report order: what the banner names, so a
 * reviewer sees what broke before reading any table.
 * @internal
 */
export function failedMustClauses(report: Pick<AcceptanceReport, 'clauses'>): ClauseId[] {
  return report.clauses.filter((entry) => entry.level === 'MUST' && entry.verdict === 'FAIL').map((entry) => entry.id);
}

/**
 * `Failed MUST clauses: A, B.`, or null when none failed.
 * @internal
 */
export function failedMustLine(report: Pick<AcceptanceReport, 'clauses'>): string | null {
  const failed = failedMustClauses(report);
  return failed.length === 0 ? null : `Failed MUST clause${failed.length === 1 ? '' : 's'}: ${failed.join(', ')}.`;
}

/**
 * `N cases were undecided by the host's own failures …`, or null when none were.
 * @internal
 */
export function hostUncertainLine(report: Pick<AcceptanceReport, 'clauses'>): string | null {
  const cases = report.clauses.reduce((sum, entry) => sum + (entry.hostUncertainCases ?? 0), 0);
  if (cases === 0) return null;
  const clauses = report.clauses.filter((entry) => (entry.hostUncertainCases ?? 0) > 0).map((entry) => entry.id);
  return `${cases} case${cases === 1 ? ' was' : 's were'} undecided by the host's own failure (stream, spawn, cancellation), never counted against the adapter, each retried once: ${clauses.join(', ')}.`;
}
