import { escapeHtml as esc, HTML_PAGE_CSP } from '../../reports/safeText.js';
import { referenceLabels, type CellStatus, type ControlResult, type MutantRun, type RowStatus, type SelfCheckReport } from './selfCheckReport.js';

// The self-check report's renderers, all pure: the badge (`badge.json`), the Markdown page
// (`self-check.md`), the terminal summary and the HTML page (`self-check.html`). They share the
// headline and the spelling of each status, so the four never disagree.

/**
 * How the renderers spell each status: in words a reviewer reads, not the enum's.
 */
const statusLabels = Object.freeze({
  row: {
    killed: 'killed',
    'killed-with-findings': 'killed, with findings',
    'wrong-reason': 'killed for the wrong reason',
    survived: 'SURVIVED',
    'control-held': 'control held',
    'control-broken': 'control broken',
    'timed-out': 'timed out',
    error: 'error',
  } satisfies Record<RowStatus, string>,
  cell: {
    killed: 'killed',
    survived: 'survived',
    'wrong-reason': 'wrong reason',
    'timed-out': 'timed out',
    error: 'error',
    'control-red': 'control red',
  } satisfies Record<CellStatus, string>,
});

/**
 * The one-word outcome of a self-check, a void result before anything else.
 */
function headline(report: Pick<SelfCheckReport, 'void' | 'voidProfiles' | 'passed'>): string {
  if (report.void) return `VOID (the ${report.voidProfiles.join(' and ')} control is red: no kill of its mutants counts)`;
  return report.passed ? 'PASSED' : 'FAILED';
}

/** A shields.io endpoint badge (`https://shields.io/badges/endpoint-badge`). */
export interface SelfCheckBadge {
  readonly schemaVersion: 1;
  readonly label: string;
  readonly message: string;
  readonly color: string;
}

/**
 * Pure: the badge of a self-check: the mutation score, green when the
 * self-check passed, red when it did not; "control red" when a control voided it.
 * @param report - a built self-check report
 * @public
 */
export function renderSelfCheckBadge(report: SelfCheckReport): SelfCheckBadge {
  const message = report.void ? 'control red' : report.score.percent === null ? 'nothing judged' : `${report.score.percent}%`;
  return { schemaVersion: 1, label: 'mutation score', message, color: report.passed ? 'brightgreen' : 'red' };
}

/**
 * Pure: `self-check.md`, for reviewers. The outcome and, when void, the red
 * controls' problems come first; then the score, the kill matrix of each
 * profile (one row per mutant run, one entry per claimed clause), the
 * per-seed tally of a sweep, and the corpus's reach.
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
    for (const run of runs) lines.push(markdownMatrixRow(run, report.mode));
    if (runs.length === 0) lines.push(report.mode === 'sweep' ? '| (no run) | | | | |' : '| (no run) | | | |');
  }
  if (report.mode === 'sweep') {
    lines.push('', `## Seeds killed (at least ${Math.round(settings.requiredKillRate * 100)}% required)`, '', '| mutant | killed | pass |', '|---|---|---|');
    for (const summary of report.mutants) {
      lines.push(`| ${summary.mutant} | ${summary.killedSeeds} of ${summary.seeds} | ${summary.pass ? 'yes' : '**no**'} |`);
    }
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

function markdownMatrixRow(run: MutantRun, mode: SelfCheckReport['mode']): string {
  const claims = run.cells
    .map((entry) => `${entry.clauseId}: ${statusLabels.cell[entry.status]}${entry.verdict === null || entry.status === 'killed' ? '' : ` (${entry.verdict})`}`)
    .join('<br>');
  const result = run.status === 'killed' || run.status === 'control-held' ? statusLabels.row[run.status] : `**${statusLabels.row[run.status]}**`;
  const detail = `${run.detail === null ? '' : `${cell(run.detail)}; `}report \`${run.reportDir}\``;
  const seed = mode === 'sweep' ? ` ${run.seed} |` : '';
  return `| ${run.mutant} |${seed} ${claims === '' ? '(SEM control)' : claims} | ${result} | ${detail} |`;
}

// Table cells: one line, pipes escaped.
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

/**
 * Pure: the terminal output of a self-check: the outcome first (void before
 * anything), the kill matrix (one line per mutant with its claimed clauses,
 * manifest fixtures after a header of their own; a sweep shows seeds killed
 * instead), the score, every run that is not
 * a clean kill, and where the reports are.
 *
 * @param report - a built self-check report
 * @param outDir - where `self-check.md` was written
 */
export function renderSelfCheckSummary(report: SelfCheckReport, outDir: string): string {
  const lines = [`adapter-qualify self-check: ${headline(report)} (exit code ${report.exitCode})`];
  for (const control of [report.control, report.manifestControl]) {
    if (control === null || control.green) continue;
    const label = control.profile === 'coding-operation.v1' ? 'control' : 'manifest control';
    for (const problem of control.problems) lines.push(`  ${label}: ${problem}`);
  }
  const width = Math.max(0, ...report.mutants.map((summary) => summary.mutant.length));
  if (report.mode === 'matrix') {
    lines.push('Kill matrix (mutant: claimed clause → result):');
    const manifestRuns = report.runs.filter((run) => run.profile === 'adapter-manifest.v1');
    for (const run of report.runs.filter((entry) => entry.profile === 'coding-operation.v1')) lines.push(`  ${run.mutant.padEnd(width)}  ${cells(run)}`);
    if (manifestRuns.length > 0) lines.push('  adapter-manifest.v1 fixtures:');
    for (const run of manifestRuns) lines.push(`  ${run.mutant.padEnd(width)}  ${cells(run)}`);
  } else {
    lines.push(`Seeds killed per mutant (at least ${percent(report.settings.requiredKillRate)} required):`);
    for (const summary of report.mutants) {
      lines.push(`  ${summary.mutant.padEnd(width)}  ${summary.killedSeeds} of ${summary.seeds}${summary.pass ? '' : '  BELOW'}`);
    }
  }
  const { score } = report;
  lines.push(`Mutation score ${score.percent === null ? 'n/a' : `${score.percent}%`}: ${score.killed} killed of ${score.judgeable} judgeable run(s).`);
  for (const run of report.runs.filter((entry) => entry.status !== 'killed' && entry.status !== 'control-held')) {
    const seed = report.mode === 'sweep' ? ` (seed ${run.seed})` : '';
    lines.push(`  ${statusLabels.row[run.status]}: ${run.mutant}${seed}${run.detail === null ? '' : ` — ${run.detail}`}`);
  }
  lines.push(`Report: ${outDir}/self-check.md`);
  return `${lines.join('\n')}\n`;
}

function cells(run: MutantRun): string {
  if (run.cells.length === 0) return `(SEM control) → ${statusLabels.row[run.status]}`;
  return run.cells.map((cell) => `${cell.clauseId} → ${statusLabels.cell[cell.status]}`).join(', ');
}

function percent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

// Mutant details and problems quote adapter output: capped per element.
const MAX_CELL = 2_000;

const STYLE = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;line-height:1.45;color:#1b1f24;background:#fff}
body{margin:0 auto;max-width:72rem;padding:1.5rem}
.banner{border-radius:.5rem;padding:1rem 1.5rem;margin-bottom:1.5rem;color:#fff}
.banner h1{margin:0 0 .25rem;font-size:2rem}
.banner p{margin:0}
.banner.ok{background:#1a7f37}.banner.bad{background:#cf222e}.banner.open{background:#9a6700}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1.25rem}
th,td{border:1px solid #d0d7de;padding:.3rem .5rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{background:#f6f8fa}
td.ok{color:#1a7f37}td.bad{color:#cf222e;font-weight:600}td.open{color:#9a6700}
code{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:.9em}
`;

// How a row's outcome is coloured: green only for what counts as a kill or a held control.
const rowClass = {
  killed: 'ok',
  'killed-with-findings': 'ok',
  'control-held': 'ok',
  'wrong-reason': 'bad',
  survived: 'bad',
  'control-broken': 'bad',
  'timed-out': 'open',
  error: 'open',
} as const satisfies Record<RowStatus, string>;

/**
 * Pure: `self-check.html`, the page beside `self-check.json` and `self-check.md`:
 * the outcome in a banner (a void result says why before anything else), the
 * score and settings, the kill matrix of each profile and the corpus's reach. Like `acceptance.html` it has no script and loads
 * nothing; every text is escaped and capped.
 *
 * @param report - a built self-check report
 */
export function renderSelfCheckHtml(report: SelfCheckReport): string {
  const outcome = headline(report);
  const banner = report.void ? 'open' : report.passed ? 'ok' : 'bad';
  const { score, settings } = report;
  const controls = [report.control, report.manifestControl].filter((control) => control !== null);
  const red = controls.filter((control) => !control.green);
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${HTML_PAGE_CSP}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>adapter-qualify self-check: ${esc(outcome, MAX_CELL)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    `<header id="outcome" class="banner ${banner}" role="status">`,
    `<h1>${esc(outcome, MAX_CELL)}</h1>`,
    `<p>Mutation score <strong>${score.percent === null ? 'n/a' : `${score.percent}%`}</strong>: ${score.killed} killed of ${score.judgeable} judgeable run${score.judgeable === 1 ? '' : 's'}.</p>`,
    '</header>',
    ...red.flatMap((control) => [
      `<section class="void"><h2>The ${esc(referenceLabels[control.profile], MAX_CELL)} (the ${control.profile} control) is red: no kill of its mutants counts</h2><ul>`,
      ...control.problems.map((problem) => `<li>${esc(problem, MAX_CELL)}</li>`),
      '</ul></section>',
    ]),
    '<section id="settings"><h2>Run</h2><ul>',
    ...controls.map(
      (control) =>
        `<li>Control (${control.profile}): ${control.green ? 'green' : 'RED'} (${esc(control.verdict ?? 'no report', MAX_CELL)}), report <code>${esc(control.reportDir, MAX_CELL)}</code></li>`,
    ),
    `<li>Seed${settings.seeds.length === 1 ? '' : 's'} ${settings.seeds.join(', ')}; --runs ${settings.runs}, --timeout-ms ${settings.timeoutMs}, --poll-budget ${settings.pollBudget}, --concurrency ${settings.concurrency}</li>`,
    `<li>Suite ${esc(`${report.suite.name} ${report.suite.version}`, MAX_CELL)}, ${esc(report.startedAt, MAX_CELL)} to ${esc(report.finishedAt, MAX_CELL)}</li>`,
    '</ul></section>',
    ...matrixSection(
      'matrix',
      'Kill matrix',
      report.runs.filter((run) => run.profile === 'coding-operation.v1'),
      report.mode,
      true,
    ),
    ...matrixSection(
      'manifest-matrix',
      'Kill matrix: adapter-manifest.v1 fixtures',
      report.runs.filter((run) => run.profile === 'adapter-manifest.v1'),
      report.mode,
      false,
    ),
    '<section id="corpus"><h2>Corpus</h2><ul>',
    `<li>${report.corpus.mutants} mutants, ${report.corpus.semMutants} of them claiming SEM clauses</li>`,
    `<li>Adapter-side MUST clauses no mutant claims: ${esc(list(report.corpus.unclaimedMustClauses), MAX_CELL)}</li>`,
    `<li>${report.corpus.manifest.fixtures} adapter-manifest.v1 fixtures; MUST clauses no fixture claims: ${esc(list(report.corpus.manifest.unclaimedMustClauses), MAX_CELL)}</li>`,
    '</ul></section>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

function matrixSection(id: string, title: string, runs: readonly MutantRun[], mode: SelfCheckReport['mode'], always: boolean): string[] {
  if (runs.length === 0 && !always) return [];
  const seed = mode === 'sweep' ? '<th>Seed</th>' : '';
  return [
    `<section id="${id}"><h2>${title}</h2>`,
    '<table>',
    `<thead><tr><th>Mutant</th>${seed}<th>Claimed clauses</th><th>Result</th><th>Detail</th></tr></thead>`,
    '<tbody>',
    ...(runs.length === 0 ? [`<tr><td colspan="${mode === 'sweep' ? 5 : 4}">(no run)</td></tr>`] : runs.map((run) => htmlMatrixRow(run, mode))),
    '</tbody>',
    '</table>',
    '</section>',
  ];
}

function htmlMatrixRow(run: MutantRun, mode: SelfCheckReport['mode']): string {
  const claims = run.cells
    .map((cell) => esc(`${cell.clauseId}: ${statusLabels.cell[cell.status]}${cell.verdict === null || cell.status === 'killed' ? '' : ` (${cell.verdict})`}`, MAX_CELL))
    .join('<br>');
  const detail = `${run.detail === null ? '' : `${esc(run.detail, MAX_CELL)}; `}report <code>${esc(run.reportDir, MAX_CELL)}</code>`;
  const seed = mode === 'sweep' ? `<td>${run.seed}</td>` : '';
  return `<tr><td>${esc(run.mutant, MAX_CELL)}</td>${seed}<td>${claims === '' ? '(SEM control)' : claims}</td><td class="${rowClass[run.status]}">${statusLabels.row[run.status]}</td><td>${detail}</td></tr>`;
}
