import { mkdir, writeFile } from 'node:fs/promises';
import path, { join } from 'node:path';
import { parseArgs } from 'node:util';
import { acpMutants } from '../../adapters/acp-mutants/catalog.js';
import type { AcpMutantDefinition } from '../../adapters/acp-mutants/AcpMutantDefinition.js';
import { writeFileAtomic } from '../writeFileAtomic.js';
import { packageRoot } from '../packageRoot.js';
import { selfCheckDefaults } from '../options/runOptionDefaults.js';
import { describeError, UsageError } from '../UsageError.js';
import type { AcpClauseId } from '../acp/acpClauses.js';
import { loadAcpConfig } from '../acp/acpConfig.js';
import { acpRunDefaults } from '../acp/acpRunOptions.js';
import { loadAcpSuites, runAcpQualification } from '../runAcpQualification.js';
import type { AcpRunOptions } from '../acp/acpRunOptions.js';
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
 * Parses the self-check options the ACP profile uses (`--out`, `--seed`, `--runs`, `--mutant`);
 * the first profile's other self-check options are accepted and left to it.
 * @param args - the arguments after `self-check`, `--profile` removed
 * @param cwd - what a relative `--out` resolves against
 */
export function parseAcpSelfCheckArgs(args: readonly string[], cwd: string): AcpSelfCheckOptions {
  const { values } = parseArgs({
    args: [...args],
    options: { out: { type: 'string' }, seed: { type: 'string' }, runs: { type: 'string' }, mutant: { type: 'string', multiple: true } },
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
  };
}

/**
 * Runs the control and the selected mutants, one after another, and writes `acp-self-check.json`
 * and `acp-self-check.md` into `outDir`.
 * @param options - normalized options
 * @param onProgress - one line per finished run
 */
export async function runAcpSelfCheck(options: AcpSelfCheckOptions, onProgress: (line: string) => void = () => undefined): Promise<AcpSelfCheckResult> {
  const mutants = options.mutants === null ? acpMutants : acpMutants.filter((mutant) => options.mutants!.includes(mutant.name));
  await mkdir(join(options.outDir, 'configs'), { recursive: true });
  const total = mutants.length + 1;
  const controlRun = await qualify(options, 'control', null, null);
  onProgress(`[1/${total}] ${controlRun.report?.verdict ?? 'no report'} ACP control (reference agent) (${(controlRun.durationMs / 1000).toFixed(1)} s)`);
  const controlFailed = controlRun.report === null ? [] : controlRun.report.clauses.filter((entry) => entry.verdict === 'FAIL').map((entry) => entry.id);
  const control = {
    green: controlRun.report !== null && controlRun.report.exitCode !== 3 && controlFailed.length === 0,
    failed: controlFailed,
    verdict: controlRun.report?.verdict ?? `no report (${controlRun.error ?? 'unknown'})`,
    reportDir: path.relative(options.outDir, controlRun.dir),
  };
  const rows: AcpMutantRow[] = [];
  const decided = new Set<AcpClauseId>([...(await loadAcpSuites()).flatMap((suite) => suite.cases.flatMap((entry) => entry.clauses)), ...CONNECTION_JUDGED]);
  // A kill counts only at a clause the control PASSes: where the reference itself is SKIP or INCONCLUSIVE, no run can fail a mutant there for the right reason.
  const controlPasses = new Set(controlRun.report?.clauses.filter((entry) => entry.verdict === 'PASS').map((entry) => entry.id) ?? []);
  for (const [index, mutant] of mutants.entries()) {
    const undecided = mutant.claims.filter((id) => !decided.has(id) || !controlPasses.has(id));
    if (undecided.length > 0) {
      rows.push({
        mutant: mutant.name,
        claims: mutant.claims,
        status: 'not-judged',
        missed: undecided,
        unexpected: [],
        detail: `no case of this version decides ${undecided.join(', ')} (the control does not PASS ${undecided.length === 1 ? 'it' : 'them'})`,
        reportDir: '',
        durationMs: 0,
      });
      continue;
    }
    const run = await qualify(options, `mutants/${mutant.name}`, mutant, onlyFor(mutant));
    const row = judgeMutant(mutant, run.report, run.error, path.relative(options.outDir, run.dir), run.durationMs);
    rows.push(row);
    onProgress(`[${index + 2}/${total}] ${row.status === 'killed' ? 'killed' : row.status.toUpperCase()} ${mutant.name} (${(run.durationMs / 1000).toFixed(1)} s)`);
  }
  const judged = rows.filter((row) => row.status !== 'not-judged');
  const killed = judged.filter((row) => row.status === 'killed').length;
  const score = judged.length === 0 ? 1 : killed / judged.length;
  const exitCode = control.green && killed === judged.length ? 0 : 1;
  const summary = renderAcpSelfCheckSummary(control, rows, score);
  await writeFileAtomic(
    join(options.outDir, 'acp-self-check.json'),
    `${JSON.stringify({ profile: 'acp-agent.v1', seed: options.seed, runs: options.runs, control, rows, score, exitCode }, null, 2)}\n`,
  );
  await writeFileAtomic(join(options.outDir, 'acp-self-check.md'), summary);
  return { exitCode, summary, control, rows, score };
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

const CONNECTION_JUDGED: readonly AcpClauseId[] = [
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
  const base = { mutant: mutant.name, claims: mutant.claims, reportDir, durationMs };
  if (report === null || report.exitCode === 3) {
    return { ...base, status: 'error', missed: mutant.claims, unexpected: [], detail: error ?? `suite errors: ${report?.suiteErrors.join('; ').slice(0, 300) ?? ''}` };
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
    missed,
    unexpected,
    detail: missed.length === 0 ? `failed ${mutant.claims.join(', ')}` : missed.map((id) => `${id}: ${verdictOf(id)}`).join('; '),
  };
}

function renderAcpSelfCheckSummary(control: AcpSelfCheckResult['control'], rows: readonly AcpMutantRow[], score: number): string {
  const lines = [
    `adapter-qualify self-check acp-agent.v1: control ${control.green ? 'green' : `NOT green (${control.verdict}; FAIL: ${control.failed.join(', ') || 'none'})`}, mutation score ${(score * 100).toFixed(0)}% (${rows.filter((row) => row.status === 'killed').length}/${rows.filter((row) => row.status !== 'not-judged').length} judged mutants killed; ${rows.filter((row) => row.status === 'not-judged').length} not judged by this version: the control does not PASS their clauses)`,
  ];
  for (const row of rows) {
    if (row.status === 'not-judged') continue;
    lines.push(
      `  ${row.status.padEnd(8)} ${row.mutant}${row.status === 'killed' ? '' : `: ${row.detail}`}${row.unexpected.length > 0 ? ` (also failed, undeclared: ${row.unexpected.join(', ')})` : ''}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function qualify(
  options: AcpSelfCheckOptions,
  name: string,
  mutant: AcpMutantDefinition | null,
  only: string | null,
): Promise<{ readonly report: AcpAcceptanceReport | null; readonly error: string | null; readonly dir: string; readonly durationMs: number }> {
  const started = Date.now();
  const dir = join(options.outDir, 'acp', name);
  const configPath = join(options.outDir, 'configs', `acp-${mutant?.name ?? 'control'}.json`);
  const main = join(packageRoot, 'dist', 'adapters', mutant === null ? 'acp-reference' : 'acp-mutants', 'main.js');
  await writeFile(
    configPath,
    `${JSON.stringify({ profile: 'acp-agent.v1', executable: process.execPath, argv: [main, ...(mutant === null ? [] : ['--mutant', mutant.name])], env: {}, passEnv: [] }, null, 2)}\n`,
  );
  try {
    const loaded = await loadAcpConfig(configPath);
    const runOptions: AcpRunOptions = {
      loaded,
      configArg: configPath,
      outDir: dir,
      seed: options.seed,
      runs: options.runs,
      only,
      replayPath: null,
      bootstrapTimeoutMs: acpRunDefaults.bootstrapTimeoutMs,
      inactivityMs: acpRunDefaults.inactivityMs,
      frameBytes: acpRunDefaults.frameBytes,
      strict: false,
      strictShould: false,
      // Without the sandbox: the self-check proves the suite's judges; the sandbox has tests of its own
      // (adapters/acp-hostile/sandboxedAgents.test.ts).
      sandbox: 'off',
      allowNetwork: false,
    };
    const { report } = await runAcpQualification(runOptions);
    return { report, error: null, dir, durationMs: Date.now() - started };
  } catch (error) {
    return { report: null, error: describeError(error), dir, durationMs: Date.now() - started };
  }
}
