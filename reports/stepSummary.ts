/*
 * The GitHub Actions step summary: its Markdown, cut to fit the step's 1 MiB, and appending it to `$GITHUB_STEP_SUMMARY`.
 */
import { appendFile, stat } from 'node:fs/promises';
import { capText, markdownFence, markdownText } from './safeText.js';
import { countsText, subjectExecutable, failedMustLine, verdictHeadline, hiddenClausesNote, shownClauses, failedClauses } from './reportWording.js';
import type { AcceptanceReport, FailClauseReport } from './types.js';
import { SecretMask } from '../harness/evidence/SecretMask.js';
import { ReportWriteError } from './reportFiles.js';

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
  const failures = failedClauses(report);
  const hidden = hiddenClausesNote(report);
  const pieces = [
    ...(failures.length === 0 ? [] : ['### Failures\n', ...failures.map(failurePiece)]),
    `### Clauses\n\n<details><summary>Every clause of the profile</summary>\n\n${hidden === null ? '' : `${hidden}\n\n`}| ID | Level | Verdict | Cases | Reason |\n|---|---|---|---:|---|\n`,
    ...shownClauses(report).map((entry) => `| ${entry.id} | ${entry.level} | ${entry.verdict} | ${entry.cases} | ${markdownText(capText(entry.reason ?? '', MAX_REASON))} |\n`),
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

function failurePiece(entry: FailClauseReport): string {
  return [
    `#### ${entry.id} (${entry.level}): ${markdownText(entry.summary)}`,
    '',
    markdownText(capText(entry.reason, MAX_REASON)),
    '',
    ...(entry.replay === undefined ? [] : ['Replay:', '', ...markdownFence(entry.replay, 'sh')]),
    '',
  ].join('\n');
}

// Only a budget smaller than the head itself gets here: then nothing fits, and nothing is better than a cut table.
function fitted(text: string, maxBytes: number): string {
  return Buffer.byteLength(text) <= maxBytes ? text : '';
}

/** GitHub Actions shows at most 1 MiB of one step's summary. */
export const STEP_SUMMARY_MAX_BYTES = 1_048_576;

/**
 * Appends the report's Markdown summary to a GitHub Actions step summary file
 * (`$GITHUB_STEP_SUMMARY`), within what is left of the step's 1 MiB, masked
 * for secrets (the summary leaves the process like the report files do).
 *
 * @param report - the run's report
 * @param file - the step summary file (created if missing)
 * @param mask - hides secret environment values. @defaultValue a mask over this process's environment
 * @returns the bytes appended (0 when the step's summary is already full)
 * @throws {@link ReportWriteError} when the file cannot be read or appended to
 */
export async function appendStepSummary(report: AcceptanceReport, file: string, mask: SecretMask = SecretMask.fromProcess()): Promise<number> {
  try {
    const used = await stat(file).then(
      (stats) => stats.size,
      (error: unknown) => {
        if ((error as { code?: unknown }).code === 'ENOENT') return 0;
        throw error;
      },
    );
    const text = renderStepSummary(mask.maskDeep(report), STEP_SUMMARY_MAX_BYTES - used);
    if (text !== '') await appendFile(file, text);
    return Buffer.byteLength(text);
  } catch (error) {
    throw new ReportWriteError(file, error);
  }
}
