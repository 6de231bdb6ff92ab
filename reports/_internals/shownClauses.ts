import type { AcceptanceReport, ClauseReport } from '../types.js';

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
