import { mkdir, rm, writeFile } from 'node:fs/promises';
import path, { join } from 'node:path';
import { parseArgs } from 'node:util';
import { acpMutants } from '../../adapters/acp-mutants/catalog.js';
import type { AcpMutantDefinition } from '../../adapters/acp-mutants/AcpMutantDefinition.js';
import { writeFileAtomic } from '../writeFileAtomic.js';
import { packageRoot } from '../packageRoot.js';
import { selfCheckBounds, selfCheckDefaults } from '../options/runOptionDefaults.js';
import { parseIntegerOption } from '../options/validateOptions.js';
import { runWithLimit } from '../runWithLimit.js';
import { UsageError } from '../UsageError.js';
import type { AcpClauseId } from '../acp/acpClauses.js';
import { acpRunDefaults } from '../acp/acpRunOptions.js';
import { loadAcpSuites } from '../runAcpQualification.js';
import { runQualificationJob } from './runQualificationJob.js';
import type { AcpAcceptanceReport } from '../../reports/acp/buildAcpReport.js';

// The ACP profile's self-check: the reference agent (the control) must break no clause, and each
// mutant of adapters/acp-mutants/catalog.ts must FAIL every clause it claims.

/** Normalized options of the ACP self-check. */
export interface AcpSelfCheckOptions {
  readonly outDir: string;
  readonly seed: number;
  readonly runs: number;
  /** Mutant names to run, or null for all. */
  readonly mutants: readonly string[] | null;
  /** `--seeds N`: each mutant runs with the N seeds from `seed` on and must be killed with every one; null: with `seed` alone. */
  readonly seeds: number | null;
  /** Runs at once, each in a process of its own. */
  readonly parallel: number;
}

/** How one mutant fared. */
export interface AcpMutantRow {
  readonly mutant: string;
  readonly claims: readonly AcpClauseId[];
  /**
   * `killed`: every claimed clause FAILed; `survived`: some did not; `error`: the run itself failed;
   * `not-judged`: no case of this version decides a claimed clause (not run, not counted in the score).
   */
  readonly status: 'killed' | 'survived' | 'error' | 'not-judged';
  /** Claimed clauses that did not FAIL. */
  readonly missed: readonly AcpClauseId[];
  /** Clauses that FAILed outside claims and incidental ones: findings. */
  readonly unexpected: readonly AcpClauseId[];
  readonly detail: string;
  readonly reportDir: string;
  readonly durationMs: number;
  /** The seeds it was killed with, of {@link AcpMutantRow.seeds} (a judged row: killed only when it is every one). */
  readonly killedSeeds: number;
  /** The seeds it ran with (0 when not judged). */
  readonly seeds: number;
}

/** The ACP self-check's result. */
export interface AcpSelfCheckResult {
  readonly exitCode: 0 | 1;
  readonly summary: string;
  readonly control: { readonly green: boolean; readonly failed: readonly AcpClauseId[]; readonly verdict: string; readonly reportDir: string };
  readonly rows: readonly AcpMutantRow[];
  /** Killed mutants over all mutants run, 0–1. */
  readonly score: number;
}

/**
 * Parses the self-check options the ACP profile uses (`--out`, `--seed`, `--seeds`, `--runs`, `--parallel`, `--mutant`);
 * the first profile's other self-check options are accepted and left to it.
 * @param args - the arguments after `self-check`, `--profile` removed
 * @param cwd - what a relative `--out` resolves against
 */
export function parseAcpSelfCheckArgs(args: readonly string[], cwd: string): AcpSelfCheckOptions {
  const { values } = parseArgs({
    args: [...args],
    options: {
      out: { type: 'string' },
      seed: { type: 'string' },
      seeds: { type: 'string' },
      runs: { type: 'string' },
      parallel: { type: 'string' },
      mutant: { type: 'string', multiple: true },
    },
    strict: false,
    allowPositionals: true,
  });
  const number = (option: string, text: unknown, fallback: number): number => {
    if (text === undefined) return fallback;
    const value = typeof text === 'string' && /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(value)) throw new UsageError(`${option} must be a non-negative integer, got ${JSON.stringify(text)}`, { option });
    return value;
  };
  // Comma-separated, repeatable, or both (as the first profiles' --mutant).
  const acpNames = (values.mutant as unknown[] | undefined)?.flatMap((list) => (typeof list === 'string' ? list.split(',').map((name) => name.trim()) : [])) ?? null;
  const unknown = acpNames?.filter((name) => !acpMutants.some((mutant) => mutant.name === name)) ?? [];
  if (unknown.length > 0)
    throw new UsageError(`--mutant: unknown ACP mutant ${unknown.map((name) => JSON.stringify(name)).join(', ')} (see adapters/acp-mutants/catalog.ts)`, { option: '--mutant' });
  return {
    outDir: path.resolve(cwd, typeof values.out === 'string' ? values.out : './self-check-report'),
    seed: number('--seed', values.seed, selfCheckDefaults.seed),
    runs: number('--runs', values.runs, acpRunDefaults.runs),
    mutants: acpNames,
    seeds: values.seeds === undefined ? null : parseIntegerOption('--seeds', values.seeds, selfCheckBounds.seeds),
    parallel: values.parallel === undefined ? selfCheckDefaults.parallel : parseIntegerOption('--parallel', values.parallel, selfCheckBounds.parallel),
  };
}

/**
 * Runs the control, then the selected mutants (`parallel` at once, each run in a process of its own, with
 * each seed), and writes `acp-self-check.json` and `acp-self-check.md` into `outDir`.
 * @param options - normalized options
 * @param onProgress - one line per finished run
 */
export async function runAcpSelfCheck(options: AcpSelfCheckOptions, onProgress: (line: string) => void = () => undefined): Promise<AcpSelfCheckResult> {
  const mutants = options.mutants === null ? acpMutants : acpMutants.filter((mutant) => options.mutants!.includes(mutant.name));
  const seeds = Array.from({ length: options.seeds ?? 1 }, (_, index) => (options.seed + index) % 2 ** 31);
  await mkdir(join(options.outDir, 'configs'), { recursive: true });
  // The control first: a mutant is judged only at clauses the control PASSes.
  await writeAgentConfig(options, null);
  const controlRun = await qualify(options, join(options.outDir, 'acp', 'control'), null, options.seed);
  onProgress(`[control] ${controlRun.report?.verdict ?? 'no report'} ACP control (reference agent) (${(controlRun.durationMs / 1000).toFixed(1)} s)`);
  const controlFailed = controlRun.report === null ? [] : controlRun.report.clauses.filter((entry) => entry.verdict === 'FAIL').map((entry) => entry.id);
  const control = {
    green: controlRun.report !== null && controlRun.report.exitCode !== 3 && controlFailed.length === 0,
    failed: controlFailed,
    verdict: controlRun.report?.verdict ?? `no report (${controlRun.error ?? 'unknown'})`,
    reportDir: path.relative(options.outDir, controlRun.dir),
  };
  const decided = new Set<AcpClauseId>([...(await loadAcpSuites()).flatMap((suite) => suite.cases.flatMap((entry) => entry.clauses)), ...CONNECTION_JUDGED]);
  // A kill counts only at a clause the control PASSes: where the reference itself is SKIP or INCONCLUSIVE, no run can fail a mutant there for the right reason.
  const controlPasses = new Set(controlRun.report?.clauses.filter((entry) => entry.verdict === 'PASS').map((entry) => entry.id) ?? []);
  const undecidedOf = (mutant: AcpMutantDefinition): AcpClauseId[] => mutant.claims.filter((id) => !decided.has(id) || !controlPasses.has(id));
  const judged = mutants.filter((mutant) => undecidedOf(mutant).length === 0);
  // The slowest first (they wait out inactivity limits), so the pool ends sooner.
  const jobs = [...judged]
    .sort((a, b) => Number(waitsOutLimits(b)) - Number(waitsOutLimits(a)))
    .flatMap((mutant) => seeds.map((seed) => ({ mutant, seed, dir: join(options.outDir, 'acp', 'mutants', mutant.name, ...(options.seeds === null ? [] : [`seed-${seed}`])) })));
  for (const mutant of judged) await writeAgentConfig(options, mutant);
  let done = 0;
  const runs = await runWithLimit(
    jobs.map((job) => async () => {
      const run = await qualify(options, job.dir, job.mutant, job.seed);
      const row = judgeMutant(job.mutant, run.report, run.error, path.relative(options.outDir, run.dir), run.durationMs);
      done += 1;
      onProgress(
        `[${done}/${jobs.length}] ${row.status === 'killed' ? 'killed' : row.status.toUpperCase()} ${job.mutant.name}${options.seeds === null ? '' : ` seed ${job.seed}`} (${(run.durationMs / 1000).toFixed(1)} s)`,
      );
      return { mutant: job.mutant.name, row };
    }),
    options.parallel,
  );
  const rows = mutants.map((mutant): AcpMutantRow => {
    const undecided = undecidedOf(mutant);
    if (undecided.length > 0) {
      return {
        mutant: mutant.name,
        claims: mutant.claims,
        status: 'not-judged',
        missed: undecided,
        unexpected: [],
        detail: `no case of this version decides ${undecided.join(', ')} (the control does not PASS ${undecided.length === 1 ? 'it' : 'them'})`,
        reportDir: '',
        durationMs: 0,
        killedSeeds: 0,
        seeds: 0,
      };
    }
    return combineSeeds(runs.filter((run) => run.mutant === mutant.name).map((run) => run.row));
  });
  const judgedRows = rows.filter((row) => row.status !== 'not-judged');
  const killed = judgedRows.filter((row) => row.status === 'killed').length;
  const score = judgedRows.length === 0 ? 1 : killed / judgedRows.length;
  const exitCode = control.green && killed === judgedRows.length ? 0 : 1;
  const summary = renderAcpSelfCheckSummary(control, rows, score, seeds.length);
  await writeFileAtomic(
    join(options.outDir, 'acp-self-check.json'),
    `${JSON.stringify({ profile: 'acp-agent.v1', seed: options.seed, seeds, runs: options.runs, control, rows, score, exitCode }, null, 2)}\n`,
  );
  await writeFileAtomic(join(options.outDir, 'acp-self-check.md'), summary);
  return { exitCode, summary, control, rows, score };
}

/**
 * One mutant's row over its seeds (pure): killed only when every seed killed it; otherwise the first seed
 * that did not stands for the row (its status, what it missed, its report).
 * @param perSeed - the mutant's row of each seed, at least one
 */
export function combineSeeds(perSeed: readonly AcpMutantRow[]): AcpMutantRow {
  const killedSeeds = perSeed.filter((row) => row.status === 'killed').length;
  const shown = perSeed.find((row) => row.status !== 'killed') ?? perSeed[0]!;
  const unexpected = [...new Set(perSeed.flatMap((row) => row.unexpected))];
  const detail = perSeed.length === 1 ? shown.detail : `killed with ${killedSeeds} of ${perSeed.length} seeds${shown.status === 'killed' ? '' : `; ${shown.reportDir}: ${shown.detail}`}`;
  return { ...shown, unexpected, detail, durationMs: perSeed.reduce((sum, row) => sum + row.durationMs, 0), killedSeeds, seeds: perSeed.length };
}

/** Whether a mutant's kill waits out an inactivity limit (it holds back an answer the suite waits for). */
function waitsOutLimits(mutant: AcpMutantDefinition): boolean {
  return mutant.claims.some((id) => id.startsWith('ACP-CANCEL-') || id === 'ACP-FRM-CHUNKED-INPUT');
}

/**
 * The `--only` pattern of a mutant's run: the cases whose names carry a claimed clause.
 * @param mutant - the mutant
 */
export function onlyFor(mutant: AcpMutantDefinition): string {
  const named = mutant.claims.map((id) => `${id}(?![A-Z0-9-])`);
  const talking = mutant.claims.some((id) => CONNECTION_JUDGED.includes(id)) ? TALKING_CASES.map((id) => `^${id} `) : [];
  return `(${[...named, ...talking].join('|')})`;
}

/** Clauses the connection judges on every frame of every case: any case that talks to the agent decides them. */
export const CONNECTION_JUDGED: readonly AcpClauseId[] = [
  'ACP-FRM-STDOUT-PURE',
  'ACP-FRM-LINE',
  'ACP-FRM-UTF8',
  'ACP-FRM-ENVELOPE',
  'ACP-FRM-ONE-RESPONSE',
  'ACP-NO-ROOT-EXTRAS',
  'ACP-SESS-ORDER',
  'ACP-LIFE-STDERR',
];

/** The cases that stand in for "any case" in a mutant run: initialize, several sessions, many requests, an exit on stdin EOF (its last bytes). */
const TALKING_CASES = ['ACP-INIT-RESPONDS', 'ACP-SESS-NEW', 'ACP-ROB-ID-TYPES', 'ACP-LIFE-STDIN-EOF'];

/**
 * Judges one mutant's report (pure).
 * @param mutant - its definition
 * @param report - its report, or null when the run wrote none
 * @param error - why the run failed, when it did
 * @param reportDir - where its report is, relative to the self-check directory
 * @param durationMs - its wall time
 */
export function judgeMutant(mutant: AcpMutantDefinition, report: AcpAcceptanceReport | null, error: string | null, reportDir: string, durationMs: number): AcpMutantRow {
  const base = { mutant: mutant.name, claims: mutant.claims, reportDir, durationMs, seeds: 1 };
  if (report === null || report.exitCode === 3) {
    return { ...base, status: 'error', missed: mutant.claims, unexpected: [], detail: error ?? `suite errors: ${report?.suiteErrors.join('; ').slice(0, 300) ?? ''}`, killedSeeds: 0 };
  }
  const failed = new Set(report.clauses.filter((entry) => entry.verdict === 'FAIL').map((entry) => entry.id));
  const missed = mutant.claims.filter((id) => !failed.has(id));
  const allowed = new Set<AcpClauseId>([...mutant.claims, ...mutant.incidental]);
  const unexpected = [...failed].filter((id) => !allowed.has(id));
  const verdictOf = (id: AcpClauseId): string => {
    const entry = report.clauses.find((clause) => clause.id === id);
    return entry === undefined ? 'absent' : `${entry.verdict}${'reason' in entry && entry.reason !== undefined ? ` (${entry.reason.slice(0, 160)})` : ''}`;
  };
  return {
    ...base,
    status: missed.length === 0 ? 'killed' : 'survived',
    killedSeeds: missed.length === 0 ? 1 : 0,
    missed,
    unexpected,
    detail: missed.length === 0 ? `failed ${mutant.claims.join(', ')}` : missed.map((id) => `${id}: ${verdictOf(id)}`).join('; '),
  };
}

function renderAcpSelfCheckSummary(control: AcpSelfCheckResult['control'], rows: readonly AcpMutantRow[], score: number, seeds: number): string {
  const lines = [
    `adapter-qualify self-check acp-agent.v1${seeds === 1 ? '' : ` (${seeds} seeds: a mutant is killed only when every seed kills it)`}: control ${control.green ? 'green' : `NOT green (${control.verdict}; FAIL: ${control.failed.join(', ') || 'none'})`}, mutation score ${(score * 100).toFixed(0)}% (${rows.filter((row) => row.status === 'killed').length}/${rows.filter((row) => row.status !== 'not-judged').length} judged mutants killed; ${rows.filter((row) => row.status === 'not-judged').length} not judged by this version: the control does not PASS their clauses)`,
  ];
  for (const row of rows) {
    if (row.status === 'not-judged') continue;
    lines.push(
      `  ${row.status.padEnd(8)} ${row.mutant}${row.status === 'killed' ? '' : `: ${row.detail}`}${row.unexpected.length > 0 ? ` (also failed, undeclared: ${row.unexpected.join(', ')})` : ''}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function configPathOf(options: AcpSelfCheckOptions, mutant: AcpMutantDefinition | null): string {
  return join(options.outDir, 'configs', `acp-${mutant?.name ?? 'control'}.json`);
}

/**
 * Writes the agent configuration of the reference agent (mutant null) or a mutant, once, before any of its
 * runs: the runs of its seeds go side by side and each reads it.
 */
async function writeAgentConfig(options: AcpSelfCheckOptions, mutant: AcpMutantDefinition | null): Promise<void> {
  const main = join(packageRoot, 'dist', 'adapters', mutant === null ? 'acp-reference' : 'acp-mutants', 'main.js');
  const argv = [main, ...(mutant === null ? [] : ['--mutant', mutant.name])];
  await writeFile(configPathOf(options, mutant), `${JSON.stringify({ profile: 'acp-agent.v1', executable: process.execPath, argv, env: {}, passEnv: [] }, null, 2)}\n`);
}

/**
 * One qualification run of the reference agent (mutant null) or a mutant, in a process of its own (the run
 * context lives in its environment) and in the sandbox a user's `run` gets, so a kill proves the judges as
 * users meet them. A mutant's properties stop at their first failing case: a kill needs the verdict, not the
 * smallest case.
 */
async function qualify(
  options: AcpSelfCheckOptions,
  dir: string,
  mutant: AcpMutantDefinition | null,
  seed: number,
): Promise<{ readonly report: AcpAcceptanceReport | null; readonly error: string | null; readonly dir: string; readonly durationMs: number }> {
  const configPath = configPathOf(options, mutant);
  // A stale acceptance.json must never stand in for a run that wrote none.
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const only = mutant === null ? [] : ['--only', onlyFor(mutant)];
  const { end, report } = await runQualificationJob({
    command: 'acp-run',
    args: [configPath, '--out', dir, '--seed', String(seed), '--runs', String(options.runs), ...only],
    outDir: dir,
    suiteDir: null,
    endOnFailure: mutant !== null,
    capMs: selfCheckDefaults.runCapMs,
  });
  const error = end.kind === 'report' ? null : end.detail;
  return { report: report as unknown as AcpAcceptanceReport | null, error, dir, durationMs: end.durationMs };
}
