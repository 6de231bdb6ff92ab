import { headline } from './_internals/headline.js';
import { statusLabels } from './_internals/statusLabels.js';
import type { MutantRun, SelfCheckReport } from './types.js';

/**
 * Pure: the terminal output of a self-check: the outcome first (void before
 * anything), the kill matrix (one line per mutant with its claimed clauses,
 * manifest fixtures after a header of their own; a sweep shows seeds killed
 * instead), the mutants not judgeable yet, the score, every run that is not
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
    for (const summary of report.mutants.filter((entry) => entry.judgeable)) {
      lines.push(`  ${summary.mutant.padEnd(width)}  ${summary.killedSeeds} of ${summary.seeds}${summary.pass ? '' : '  BELOW'}`);
    }
  }
  const pending = report.mutants.filter((summary) => !summary.judgeable);
  if (pending.length > 0) lines.push(`Not judgeable yet (claims deferred, not counted): ${pending.map((summary) => `${summary.mutant} (${summary.deferredClaims.join(', ')})`).join(', ')}`);
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
  const judged = run.cells.filter((cell) => cell.status !== 'not-judgeable');
  if (judged.length === 0) return `(SEM control) → ${statusLabels.row[run.status]}`;
  return judged.map((cell) => `${cell.clauseId} → ${statusLabels.cell[cell.status]}`).join(', ');
}

function percent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}
