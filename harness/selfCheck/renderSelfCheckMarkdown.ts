import { headline } from './_internals/headline.js';
import { referenceLabels } from './_internals/referenceLabels.js';
import { statusLabels } from './_internals/statusLabels.js';
import type { ControlResult, MutantRun, SelfCheckReport } from './types.js';

/**
 * Pure: `self-check.md`, for reviewers. The outcome and, when void, the red
 * controls' problems come first; then the score, the kill matrix of each
 * profile (one row per mutant run, one entry per claimed clause), the
 * per-seed tally of a sweep, the mutants not judgeable yet, and the corpus's reach.
 *
 * @param report - a built self-check report
 */
export function renderSelfCheckMarkdown(report: SelfCheckReport): string {
  const lines: string[] = [`# adapter-qualify self-check: ${headline(report)}`, ''];
  const controls = [report.control, report.manifestControl].filter((control) => control !== null);
  for (const control of controls.filter((entry) => !entry.green)) {
    lines.push(`**The ${referenceLabels[control.profile]} (the ${control.profile} control) is red, so this result is void: no kill of its mutants counts.**`, '');
    for (const problem of control.problems) lines.push(`- ${cell(problem)}`);
    lines.push('');
  }
  const { score, settings } = report;
  lines.push(
    `- Mutation score: ${score.percent === null ? 'n/a' : `${score.percent}%`} (${score.killed} killed of ${score.judgeable} judgeable run${score.judgeable === 1 ? '' : 's'})`,
    ...controls.map(controlLine),
    `- Settings: seed${settings.seeds.length === 1 ? '' : 's'} ${settings.seeds.join(', ')}; --runs ${settings.runs}, --timeout-ms ${settings.timeoutMs}, --poll-budget ${settings.pollBudget}, --concurrency ${settings.concurrency}; ${settings.parallel} runs at once, each capped at ${settings.runCapMs} ms`,
    `- Suite ${report.suite.name} ${report.suite.version}, ${report.startedAt} to ${report.finishedAt}`,
  );
  const manifestRuns = report.runs.filter((run) => run.profile === 'adapter-manifest.v1');
  for (const [title, runs] of [
    ['## Kill matrix', report.runs.filter((run) => run.profile === 'coding-operation.v1')],
    ['## Kill matrix: adapter-manifest.v1 fixtures', manifestRuns],
  ] as const) {
    if (title !== '## Kill matrix' && runs.length === 0) continue;
    lines.push(
      '',
      title,
      '',
      report.mode === 'sweep' ? '| mutant | seed | claimed clauses | result | detail |' : '| mutant | claimed clauses | result | detail |',
      report.mode === 'sweep' ? '|---|---|---|---|---|' : '|---|---|---|---|',
    );
    for (const run of runs) lines.push(matrixRow(run, report.mode));
    if (runs.length === 0) lines.push(report.mode === 'sweep' ? '| (no run) | | | | |' : '| (no run) | | | |');
  }
  if (report.mode === 'sweep') {
    lines.push('', `## Seeds killed (at least ${Math.round(settings.requiredKillRate * 100)}% required)`, '', '| mutant | killed | pass |', '|---|---|---|');
    for (const summary of report.mutants.filter((entry) => entry.judgeable)) {
      lines.push(`| ${summary.mutant} | ${summary.killedSeeds} of ${summary.seeds} | ${summary.pass ? 'yes' : '**no**'} |`);
    }
  }
  const pending = report.mutants.filter((summary) => !summary.judgeable);
  if (pending.length > 0) {
    lines.push('', '## Not judgeable yet', '', 'These mutants claim only clauses this version does not check; they are not counted as killed.', '');
    for (const summary of pending) lines.push(`- ${summary.mutant}: ${summary.deferredClaims.join(', ')}`);
  }
  const { corpus } = report;
  lines.push(
    '',
    '## Corpus',
    '',
    `- ${corpus.mutants} mutants, ${corpus.semMutants} of them claiming SEM clauses`,
    `- Adapter-side MUST clauses no mutant claims: ${list(corpus.unclaimedMustClauses)}`,
    `- ${corpus.manifest.fixtures} adapter-manifest.v1 fixtures; MUST clauses no fixture claims: ${list(corpus.manifest.unclaimedMustClauses)}`,
    '',
  );
  return lines.join('\n');
}

function controlLine(control: ControlResult): string {
  const label = control.profile === 'coding-operation.v1' ? 'Control (reference adapter, complete run)' : 'Manifest control (manifest reference directory, adapter-manifest.v1)';
  return `- ${label}: ${control.green ? 'green' : 'RED'} (${control.verdict ?? 'no report'}), report \`${control.reportDir}\``;
}

function list(ids: readonly string[]): string {
  return ids.length === 0 ? 'none' : ids.join(', ');
}

function matrixRow(run: MutantRun, mode: SelfCheckReport['mode']): string {
  const claims = run.cells.map((entry) => `${entry.clauseId}: ${statusLabels.cell[entry.status]}${entry.verdict === null || entry.status === 'killed' ? '' : ` (${entry.verdict})`}`).join('<br>');
  const result = run.status === 'killed' || run.status === 'control-held' ? statusLabels.row[run.status] : `**${statusLabels.row[run.status]}**`;
  const detail = `${run.detail === null ? '' : `${cell(run.detail)}; `}report \`${run.reportDir}\``;
  const seed = mode === 'sweep' ? ` ${run.seed} |` : '';
  return `| ${run.mutant} |${seed} ${claims === '' ? '(SEM control)' : claims} | ${result} | ${detail} |`;
}

// Table cells: one line, pipes escaped.
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}
