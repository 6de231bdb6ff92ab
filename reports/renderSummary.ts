import { join } from 'node:path';
import { baselineLabel, countsText, executableChangedText, failedMustLine, hostUncertainLine, verdictHeadline, hiddenClausesNote, failedClauses } from './reportWording.js';
import { strictOpenClauses } from './buildReport.js';
import { nothingJudgedLine, openCauses } from './openCauses.js';
import { escapeControls } from './safeText.js';
import type { AcceptanceReport } from './types.js';

const MAX_REASON = 160;
/** The line that says why nothing could be judged carries its hint, so it may be longer. */
const MAX_HINT = 640;
/** Clause IDs named per cause; the rest are counted. */
const MAX_IDS = 6;

/**
 * Renders the one-screen terminal summary: verdict, MUST and SHOULD counts,
 * each failed clause with a one-line reason, suite errors, and where the
 * report is. Pure; adapter text is escaped so it cannot drive the terminal.
 *
 * @param report - a built report
 * @param reportDir - the directory the report files were written to
 */
export function renderSummary(report: AcceptanceReport, reportDir: string): string {
  const lines = [
    `adapter-qualify ${report.profile}: ${verdictHeadline(report.verdict)} (exit code ${report.exitCode})`,
    `MUST   ${countsText(report, 'MUST')}`,
    `SHOULD ${countsText(report, 'SHOULD')}`,
    ...[failedMustLine(report), hostUncertainLine(report)].filter((line) => line !== null),
    ...(report.subject.executableChanged === undefined ? [] : [oneLine(`Subject changed: ${executableChangedText(report.subject.executableChanged)}`, MAX_HINT)]),
  ];
  const failed = failedClauses(report);
  if (failed.length > 0) {
    lines.push('Failed clauses:');
    for (const entry of failed) {
      const expected = entry.baseline === undefined ? '' : `, ${baselineLabel(entry.baseline)}`;
      lines.push(`  ${entry.id} (${entry.level}${expected}): ${oneLine(entry.reason)}`);
    }
  }
  const nothingJudged = nothingJudgedLine(report);
  if (nothingJudged !== null) lines.push(oneLine(nothingJudged, MAX_HINT));
  const causes = openCauses(report);
  if (causes.length > 0) {
    lines.push('Inconclusive clauses, by cause:');
    for (const { cause, clauses } of causes) lines.push(`  ${clauses.length} × ${oneLine(cause)}: ${clauseList(clauses)}`);
  }
  const open = report.run.shard === undefined ? strictOpenClauses(report.clauses, report.run) : [];
  if (open.length > 0) {
    lines.push(`--strict: ${open.length} clause(s) without evidence fail the run:`);
    for (const entry of open) lines.push(`  ${entry.id} (${entry.level}, ${entry.verdict}): ${oneLine(entry.reason ?? '')}`);
  }
  const stale = report.clauses.filter((entry) => entry.baseline === 'stale-baseline').map((entry) => entry.id);
  if (stale.length > 0) {
    lines.push(`Stale baseline entries (listed as expected failures, now PASS; remove them): ${stale.join(', ')}`);
  }
  if (report.run.shard !== undefined) {
    lines.push(`Shard ${report.run.shard.index}/${report.run.shard.count}: merge every shard's report with 'adapter-qualify merge' for the whole run's verdict.`);
  }
  if (report.suiteErrors.length > 0) {
    lines.push('Suite errors (a bug of the suite, not a finding):');
    for (const error of report.suiteErrors) lines.push(`  ${oneLine(error)}`);
  }
  const hidden = hiddenClausesNote(report);
  if (hidden !== null) lines.push(hidden);
  lines.push(`Seed ${report.run.seed}. Report: ${escapeControls(join(reportDir, 'acceptance.md'))}`);
  return `${lines.join('\n')}\n`;
}

function oneLine(text: string, max = MAX_REASON): string {
  const flat = [...escapeControls(text).replace(/\s+/g, ' ').trim()];
  return flat.length > max ? `${flat.slice(0, max - 1).join('')}…` : flat.join('');
}

function clauseList(ids: readonly string[]): string {
  return ids.length > MAX_IDS ? `${ids.slice(0, MAX_IDS).join(', ')} and ${ids.length - MAX_IDS} more` : ids.join(', ');
}
