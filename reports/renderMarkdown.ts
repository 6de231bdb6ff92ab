import type { CallExcerpt, Counterexample } from '../harness/evidence/types.js';
import {
  BASELINE_STATUSES_SHOWN,
  baselineLabel,
  mutableStateText,
  executableChangedText,
  subjectExecutable,
  failedMustLine,
  hostUncertainLine,
  verdictHeadline,
  hiddenClausesNote,
  shownClauses,
  failedClauses,
} from './reportWording.js';
import { nothingJudgedLine, openCauses } from './openCauses.js';
import { sandboxItems } from './sandboxWording.js';
import { excerptNote, markdownFence as fenced, markdownText as text } from './safeText.js';
import type { AcceptanceReport, ClauseReport, ReportContainment, FailClauseReport } from './types.js';

/**
 * Renders `acceptance.md` for release reviewers: the verdict first, then the
 * subject and how to replay, a clause table per family, and every failure with
 * its counterexample and replay command. Pure. Adapter output is shown only
 * inside fenced blocks or escaped, so it cannot inject markup or terminal codes.
 *
 * @param report - a built (and valid) report
 */
export function renderMarkdown(report: AcceptanceReport): string {
  const lines: string[] = [];
  lines.push(`# Acceptance report: ${verdictHeadline(report.verdict)}`, '');
  lines.push(`**Verdict: ${report.verdict}** (exit code ${report.exitCode}) for profile \`${report.profile}\`.`, '');
  const failedMust = failedMustLine(report);
  if (failedMust !== null) lines.push(`**${failedMust}**`, '');
  const hostUncertain = hostUncertainLine(report);
  if (hostUncertain !== null) lines.push(hostUncertain, '');
  lines.push('| Level | Pass | Fail | Skip | Inconclusive |', '|---|---:|---:|---:|---:|');
  for (const [level, counts] of [
    ['MUST', report.summary.must],
    ['SHOULD', report.summary.should],
  ] as const) {
    lines.push(`| ${level} | ${counts.pass} | ${counts.fail} | ${counts.skip} | ${counts.inconclusive} |`);
  }
  lines.push('');
  const nothingJudged = nothingJudgedLine(report);
  if (nothingJudged !== null) lines.push(`**${text(nothingJudged)}**`, '');
  const causes = openCauses(report);
  if (causes.length > 0) {
    lines.push('### Inconclusive clauses, by cause', '');
    for (const { cause, clauses } of causes) lines.push(`- ${clauses.length} × ${text(cause)}: ${clauses.join(', ')}`);
    lines.push('');
  }
  if (report.suiteErrors.length > 0) {
    lines.push('## Suite errors', '', 'The suite itself failed; these are not findings about the adapter.', '');
    for (const error of report.suiteErrors) lines.push(`- ${text(error)}`);
    lines.push('');
  }

  lines.push(...baselineSection(report));
  lines.push(...subjectSection(report), '');

  lines.push('## Clauses', '');
  const hidden = hiddenClausesNote(report);
  if (hidden !== null) lines.push(hidden, '');
  const shown = shownClauses(report);
  for (const family of families(shown)) {
    lines.push(`### ${family}`, '', '| ID | Rule | Level | Verdict | Cases | Reason |', '|---|---|---|---|---:|---|');
    for (const entry of shown.filter((candidate) => candidate.family === family)) {
      const verdict = entry.baseline === undefined ? entry.verdict : `${entry.verdict} (${baselineLabel(entry.baseline)})`;
      lines.push(`| ${entry.id} | ${text(entry.summary)} | ${entry.level} | ${verdict} | ${entry.cases} | ${text(entry.reason ?? '')} |`);
    }
    lines.push('');
  }

  const failures = failedClauses(report);
  if (failures.length > 0) {
    lines.push('## Failures', '');
    for (const entry of failures) lines.push(...failureSection(entry), '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

// Expected failures gate the exit code, not the verdict: say which clauses were excused and which entries are stale.
function baselineSection(report: AcceptanceReport): string[] {
  const { baseline, run } = report;
  const lines: string[] = [];
  if (run.shard !== undefined) {
    lines.push(
      `**Shard ${run.shard.index}/${run.shard.count}**: this report covers ${run.shard.clauses.length} clauses; the others are SKIP here.` +
        ' Merge every shard with `adapter-qualify merge` for the verdict of the whole run.',
      '',
    );
  }
  if (baseline === undefined) return lines;
  lines.push('## Expected failures', '', `Baseline ${text(baseline.file)} (sha256 ${baseline.sha256}), ${baseline.entries.length} entries.`, '');
  const listed = report.clauses.filter((entry) => entry.baseline !== undefined);
  for (const status of BASELINE_STATUSES_SHOWN) {
    const ids = listed.filter((entry) => entry.baseline === status).map((entry) => entry.id);
    if (ids.length > 0) lines.push(`- ${baselineLabel(status)}${status === 'stale-baseline' ? ' (fails the run)' : ''}: ${ids.join(', ')}`);
  }
  lines.push('');
  return lines;
}

function subjectSection(report: AcceptanceReport): string[] {
  const { subject, run, suite, environment } = report;
  const executable = subjectExecutable(subject);
  const lines = ['## Subject', ''];
  if (executable !== null) lines.push(`- Executable: ${text(executable)}`);
  lines.push(`- Executable sha256: ${subject.executableSha256 ?? 'unreadable (evidence is not bound to bytes)'}`);
  for (const file of subject.argvFileSha256s) {
    lines.push(`- argvPrefix[${file.index}] ${text(file.path)} sha256: ${file.sha256}`);
  }
  for (const file of subject.subjectFileSha256s ?? []) lines.push(`- Subject file ${text(file.path)} sha256: ${file.sha256}`);
  for (const file of subject.mutableState ?? []) lines.push(`- Mutable state: ${text(mutableStateText(file))}`);
  if (subject.executableChanged !== undefined) lines.push(`- **Subject changed**: ${text(executableChangedText(subject.executableChanged))}`);
  lines.push(`- Authority: ${subject.authorityId === null ? 'none' : text(subject.authorityId)}`);
  lines.push(`- Suite: ${text(suite.name)} ${text(suite.version)}, report schema ${report.schemaVersion}`);
  lines.push(`- Seed: ${run.seed}, ${run.runs} runs per property${run.only === null ? '' : `, only ${text(run.only)}`}`);
  lines.push(`- Strict: ${run.strict ? 'yes' : 'no'}, strict SHOULD: ${run.strictShould ? 'yes' : 'no'}`);
  lines.push(`- Run: ${run.startedAt} to ${run.finishedAt} on Node ${text(environment.node)} ${text(environment.platform)}/${text(environment.arch)}`);
  if (run.containment !== undefined) lines.push(containmentLine(run.containment));
  for (const item of run.sandbox === undefined ? [] : sandboxItems(run.sandbox)) lines.push(`- ${item.term}: ${text(item.text)}`);
  if (run.transcript !== undefined) lines.push(`- Transcript: transcript.jsonl sha256 ${run.transcript.sha256} (${run.transcript.bytes} bytes; \`adapter-qualify verify\` checks it)`);
  lines.push(`- Replay: run again with seed ${run.seed} to repeat every case; each failure below has the command that replays exactly its shrunk case.`);
  return lines;
}

function containmentLine(containment: ReportContainment): string {
  const passed = containment.passedEnv.length === 0 ? 'no --pass-env' : `passed ${containment.passedEnv.map((name) => `\`${text(name)}\``).join(', ')}`;
  const environment = containment.environment === 'inherited' ? `the suite's whole environment (--inherit-env), ${passed}` : `scrubbed environment, ${passed}`;
  const survivors = containment.survivorsKilled === null ? 'processes left running could not be counted' : `${containment.survivorsKilled} process(es) left running at the end, killed`;
  return `- Containment: ${environment}; process accounting ${containment.processAccounting}; ${survivors}`;
}

function failureSection(entry: FailClauseReport): string[] {
  const lines = [`### ${entry.id}: ${text(entry.summary)}`, '', `${entry.level} clause, ${entry.cases} cases. ${text(entry.reason)}`, ''];
  if (entry.replay !== undefined) lines.push('Replay:', '', ...fenced(entry.replay, 'sh'), '');
  if (entry.counterexample !== undefined) lines.push(...counterexampleSection(entry.counterexample));
  return lines;
}

function counterexampleSection(counterexample: Counterexample): string[] {
  const lines = [`Counterexample: ${text(counterexample.description)}`, ''];
  counterexample.calls.forEach((call, index) => lines.push(...callSection(call, index + 1)));
  return lines;
}

function callSection(call: CallExcerpt, number: number): string[] {
  const facts = [
    `exit code ${call.exitCode ?? 'none'}`,
    ...(call.signal === null ? [] : [`signal ${text(call.signal)}`]),
    ...(call.timedOut ? ['timed out'] : []),
    ...(call.uncertainty === null ? [] : [`uncertain: ${text(call.uncertainty)}${call.uncertaintyDetail === undefined ? '' : ` (${text(call.uncertaintyDetail)})`}`]),
  ];
  return [
    `Call ${number}: ${text(call.action)}, ${facts.join(', ')}`,
    '',
    `Request (${call.requestBytes} bytes${excerptNote(call.request, call.requestBytes)}):`,
    '',
    ...fenced(call.request, 'json'),
    '',
    `Stdout (${call.stdoutBytes} bytes${excerptNote(call.stdout, call.stdoutBytes)}):`,
    '',
    ...fenced(call.stdout, 'text'),
    '',
  ];
}

function families(clauses: readonly ClauseReport[]): string[] {
  return [...new Set(clauses.map((entry) => entry.family))];
}
