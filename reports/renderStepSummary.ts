import { capText } from './_internals/capText.js';
import { countsText } from './_internals/countsText.js';
import { markdownFence } from './_internals/markdownFence.js';
import { markdownText } from './_internals/markdownText.js';
import { subjectExecutable } from './_internals/subjectExecutable.js';
import { failedMustLine, verdictHeadline } from './_internals/verdictHeadline.js';
import type { AcceptanceReport, ClauseReport } from './types.js';

const MAX_REASON = 500;
const TRUNCATED = '\n_Summary truncated to fit the step summary limit: the report artifact (acceptance.md, acceptance.html) has everything._\n';

/**
 * Renders the Markdown for a GitHub Actions step summary: the verdict and
 * subject, every failure with its reason and replay command, then the clause
 * table. Pure. At most `maxBytes` UTF-8 bytes: whole pieces are dropped from
 * the end (table rows first, then failures) with a note saying so.
 *
 * @param report - a built report (already masked for secrets)
 * @param maxBytes - the most UTF-8 bytes of the result
 */
export function renderStepSummary(report: AcceptanceReport, maxBytes: number): string {
  const executable = subjectExecutable(report.subject);
  const head = [
    `## adapter-qualify: ${verdictHeadline(report.verdict)}`,
    '',
    `**Verdict: ${report.verdict}** (exit code ${report.exitCode}) for profile \`${report.profile}\`, seed ${report.run.seed}.`,
    '',
    ...[failedMustLine(report)].filter((line) => line !== null).flatMap((line) => [`**${line}**`, '']),
    ...(executable === null ? [] : [`- Executable: ${markdownText(capText(executable, MAX_REASON))}`]),
    `- Executable sha256: ${report.subject.executableSha256 ?? 'unreadable'}`,
    `- Authority: ${report.subject.authorityId === null ? 'none' : markdownText(capText(report.subject.authorityId, MAX_REASON))}`,
    `- Suite: ${markdownText(report.suite.name)} ${markdownText(report.suite.version)}`,
    `- MUST: ${countsText(report, 'MUST')}`,
    `- SHOULD: ${countsText(report, 'SHOULD')}`,
    ...(report.suiteErrors.length === 0 ? [] : [`- Suite errors: ${report.suiteErrors.length} (a bug of the suite, not a finding; see acceptance.md)`]),
    '',
  ].join('\n');
  const failures = report.clauses.filter((entry) => entry.verdict === 'FAIL');
  const pieces = [
    ...(failures.length === 0 ? [] : ['### Failures\n', ...failures.map(failurePiece)]),
    '### Clauses\n\n<details><summary>Every clause of the profile</summary>\n\n| ID | Level | Verdict | Cases | Reason |\n|---|---|---|---:|---|\n',
    ...report.clauses.map(
      (entry) => `| ${entry.id} | ${entry.level} | ${entry.verdict} | ${entry.cases} | ${markdownText(capText(entry.reason ?? '', MAX_REASON))} |\n`,
    ),
    '\n</details>\n',
  ];
  let text = head;
  const budget = maxBytes - Buffer.byteLength(TRUNCATED);
  for (const piece of pieces) {
    if (Buffer.byteLength(text) + Buffer.byteLength(piece) > budget) return fitted(`${text}${TRUNCATED}`, maxBytes);
    text += piece;
  }
  return fitted(text, maxBytes);
}

function failurePiece(entry: ClauseReport): string {
  return [
    `#### ${entry.id} (${entry.level}): ${markdownText(entry.summary)}`,
    '',
    markdownText(capText(entry.reason ?? 'no reason recorded', MAX_REASON)),
    '',
    ...(entry.replay === undefined ? [] : ['Replay:', '', ...markdownFence(entry.replay, 'sh')]),
    '',
  ].join('\n');
}

// Only a budget smaller than the head itself gets here: then nothing fits, and nothing is better than a cut table.
function fitted(text: string, maxBytes: number): string {
  return Buffer.byteLength(text) <= maxBytes ? text : '';
}
