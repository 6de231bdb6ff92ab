import { escapeHtml as esc, HTML_PAGE_CSP } from '../../reports/_internals/htmlText.js';
import { headline } from './_internals/headline.js';
import { referenceLabels } from './_internals/referenceLabels.js';
import { statusLabels } from './_internals/statusLabels.js';
import type { MutantRun, RowStatus, SelfCheckReport } from './types.js';

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
  'not-judgeable': 'open',
} as const satisfies Record<RowStatus, string>;

/**
 * Pure: `self-check.html`, the page beside `self-check.json` and `self-check.md`:
 * the outcome in a banner (a void result says why before anything else), the
 * score and settings, the kill matrix of each profile, the mutants not judgeable
 * yet and the corpus's reach. Like `acceptance.html` it has no script and loads
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
    ...controls.map((control) => `<li>Control (${control.profile}): ${control.green ? 'green' : 'RED'} (${esc(control.verdict ?? 'no report', MAX_CELL)}), report <code>${esc(control.reportDir, MAX_CELL)}</code></li>`),
    `<li>Seed${settings.seeds.length === 1 ? '' : 's'} ${settings.seeds.join(', ')}; --runs ${settings.runs}, --timeout-ms ${settings.timeoutMs}, --poll-budget ${settings.pollBudget}, --concurrency ${settings.concurrency}</li>`,
    `<li>Suite ${esc(`${report.suite.name} ${report.suite.version}`, MAX_CELL)}, ${esc(report.startedAt, MAX_CELL)} to ${esc(report.finishedAt, MAX_CELL)}</li>`,
    '</ul></section>',
    ...matrixSection('matrix', 'Kill matrix', report.runs.filter((run) => run.profile === 'coding-operation.v1'), report.mode, true),
    ...matrixSection('manifest-matrix', 'Kill matrix: adapter-manifest.v1 fixtures', report.runs.filter((run) => run.profile === 'adapter-manifest.v1'), report.mode, false),
    ...pendingSection(report),
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
    ...(runs.length === 0 ? [`<tr><td colspan="${mode === 'sweep' ? 5 : 4}">(no run)</td></tr>`] : runs.map((run) => matrixRow(run, mode))),
    '</tbody>',
    '</table>',
    '</section>',
  ];
}

function matrixRow(run: MutantRun, mode: SelfCheckReport['mode']): string {
  const claims = run.cells
    .map((cell) => esc(`${cell.clauseId}: ${statusLabels.cell[cell.status]}${cell.verdict === null || cell.status === 'killed' ? '' : ` (${cell.verdict})`}`, MAX_CELL))
    .join('<br>');
  const detail = `${run.detail === null ? '' : `${esc(run.detail, MAX_CELL)}; `}report <code>${esc(run.reportDir, MAX_CELL)}</code>`;
  const seed = mode === 'sweep' ? `<td>${run.seed}</td>` : '';
  return `<tr><td>${esc(run.mutant, MAX_CELL)}</td>${seed}<td>${claims === '' ? '(SEM control)' : claims}</td><td class="${rowClass[run.status]}">${statusLabels.row[run.status]}</td><td>${detail}</td></tr>`;
}

function pendingSection(report: SelfCheckReport): string[] {
  const pending = report.mutants.filter((summary) => !summary.judgeable);
  if (pending.length === 0) return [];
  return [
    '<section id="pending"><h2>Not judgeable yet</h2>',
    '<p>These mutants claim only clauses this version does not check; they are not counted as killed.</p><ul>',
    ...pending.map((summary) => `<li>${esc(`${summary.mutant}: ${summary.deferredClaims.join(', ')}`, MAX_CELL)}</li>`),
    '</ul></section>',
  ];
}

function list(ids: readonly string[]): string {
  return ids.length === 0 ? 'none' : ids.join(', ');
}
