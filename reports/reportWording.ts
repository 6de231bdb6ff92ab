/*
 * The words every rendering shares (terminal, Markdown, step summary, HTML, JUnit): the verdict headline,
 * counts, baseline labels, which clauses are listed, and how the subject is named.
 */
import type { ClauseId, ClauseLevel } from '../harness/clauses.js';
import type { AcceptanceReport, OverallVerdict, ClauseReport, FailClauseReport, MutableStateFile, ReportSubject, ExecutableChange } from './types.js';
import type { BaselineStatus } from '../harness/baseline/expectedFailures.js';

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
 */
function failedMustClauses(report: Pick<AcceptanceReport, 'clauses'>): ClauseId[] {
  return failedClauses(report)
    .filter((entry) => entry.level === 'MUST')
    .map((entry) => entry.id);
}

/**
 * The FAIL clauses, in report order, typed as such: each has its reason, and only they carry failure evidence.
 * @param report - a built report
 */
export function failedClauses(report: Pick<AcceptanceReport, 'clauses'>): FailClauseReport[] {
  return report.clauses.filter((entry): entry is FailClauseReport => entry.verdict === 'FAIL');
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

// In the order renderings list them: a stale entry fails the run, so it comes first.
const labels = {
  'stale-baseline': 'stale baseline entry: now passes, remove it',
  'expected-failure': 'expected failure',
  unconfirmed: 'listed as expected failure, not confirmed',
} as const satisfies Record<BaselineStatus, string>;

/** Every baseline status, in the order renderings list them (derived from the full label Record, so none is missed). */
export const BASELINE_STATUSES_SHOWN = Object.keys(labels) as readonly (keyof typeof labels)[];

/**
 * How the renderers name a listed clause's baseline status.
 * @param status - the status of a clause listed in `--expected-failures`.
 * @internal Shared by the Markdown and terminal renderers.
 */
export function baselineLabel(status: BaselineStatus): string {
  return labels[status];
}

/**
 * The clauses a rendering lists: all of them, or with `--hide-not-applicable`
 * (recorded in the report's run options) all but the not-applicable SKIPs. The
 * counts and `acceptance.json` keep every clause; only the listings shrink.
 * @internal
 */
export function shownClauses(report: AcceptanceReport): readonly ClauseReport[] {
  return report.run.options.hideNotApplicable === true ? report.clauses.filter((entry) => entry.applicable !== false) : report.clauses;
}

/**
 * The sentence a rendering adds when it hid clauses, so a shorter list is never
 * mistaken for a smaller profile; null when nothing was hidden.
 * @internal
 */
export function hiddenClausesNote(report: AcceptanceReport): string | null {
  const hidden = report.clauses.length - shownClauses(report).length;
  if (hidden === 0) return null;
  return `${hidden} clause${hidden === 1 ? '' : 's'} not applicable to this kind of subject ${hidden === 1 ? 'is' : 'are'} not listed (--hide-not-applicable); acceptance.json has every clause.`;
}

/**
 * The executable path named by the subject's configuration, when it has one
 * (the manifest profile's configuration may be any JSON).
 * @internal
 */
export function subjectExecutable(subject: ReportSubject): string | null {
  const config: unknown = subject.config;
  if (typeof config !== 'object' || config === null || !('executable' in config)) return null;
  return typeof config.executable === 'string' ? config.executable : null;
}

/**
 * A file of the subject that changed during the run, in words: its place, and
 * its digests before and after (it is state, so neither is the subject's).
 * @internal
 */
export function mutableStateText(file: MutableStateFile): string {
  const where = file.index === undefined ? file.path : `argvPrefix[${file.index}] ${file.path}`;
  return `${where} changed during the run (sha256 ${file.sha256Before} before, ${file.sha256After ?? 'gone'} after): state, not part of the subject's digest`;
}

/**
 * The line that voids a run whose executable changed during it, with both digests.
 * @param change - `subject.executableChanged`
 */
export function executableChangedText(change: ExecutableChange): string {
  return `the executable ${change.path} CHANGED during the run (sha256 ${change.sha256Before ?? 'unreadable'} before, ${change.sha256After ?? 'gone or unreadable'} after): the calls may have run another program, so the verdict is void (never conformant, exit 1)`;
}
