import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { mutants as catalog } from '../../adapters/mutants/catalog.js';
import type { MutantDefinition } from '../../adapters/mutants/MutantDefinition.js';
import { mutantConfig } from '../../adapters/mutants/mutantConfig.js';
import type { AcceptanceReport } from '../../reports/types.js';
import type { ClauseId } from '../clauses.js';
import { deferredClauses } from '../deferredClauses.js';
import { packageRoot, packageVersion } from '../packageRoot.js';
import { UsageError } from '../UsageError.js';
import { buildSelfCheckReport, isKill } from './buildSelfCheckReport.js';
import { corpusCoverage } from './corpusCoverage.js';
import { judgeControl } from './judgeControl.js';
import { judgeRun } from './judgeRun.js';
import type { SelfCheckOptions } from './parseSelfCheckArgs.js';
import { selfCheckDefaults } from './parseSelfCheckArgs.js';
import { planMutant, type MutantPlan } from './planMutant.js';
import { runQualificationJob, type QualificationJob } from './runQualificationJob.js';
import { runWithLimit } from './runWithLimit.js';
import type { MutantRun, RunEnd, SelfCheckReport, SelfCheckSettings } from './types.js';
import { writeSelfCheckFiles } from './writeSelfCheckFiles.js';

/** Collaborators and options of {@link runSelfCheck} that no command-line flag reaches. @internal */
export interface SelfCheckInternals {
  /** Suites to run instead of the bundled ones (for the disabled-check test). @defaultValue the package's `suites/` */
  readonly suiteDir?: string;
  /** Runs one qualification. @defaultValue {@link runQualificationJob} */
  readonly runJob?: (job: QualificationJob, signal?: AbortSignal) => Promise<{ readonly end: RunEnd; readonly report: AcceptanceReport | null }>;
}

/** Hooks of {@link runSelfCheck}. */
export interface SelfCheckHooks {
  /** Called with one line as each run finishes. */
  readonly onProgress?: (line: string) => void;
  /** Aborting it kills the running qualifications and starts no more; the report still names every run. */
  readonly signal?: AbortSignal;
}

/** What a self-check produced. */
export interface SelfCheckResult {
  readonly report: SelfCheckReport;
  readonly files: { readonly json: string; readonly markdown: string };
}

const CONTROL_CONFIG = join(packageRoot, 'adapters', 'reference', 'adapter.json');

/**
 * Qualifies the reference adapter (the control: a complete run) and every
 * selected judgeable mutant (each limited to the tests of its claimed
 * clauses, once per seed), up to `parallel` runs at once, each in its own
 * process group under a wall-clock cap; judges them and writes `self-check.json`
 * and `self-check.md`. Every run's report directory is kept under `outDir`.
 *
 * @param options - validated self-check options
 * @param hooks - progress
 * @param internals - test seams
 * @throws UsageError for a mutant name the catalog does not know
 */
export async function runSelfCheck(options: SelfCheckOptions, hooks: SelfCheckHooks = {}, internals: SelfCheckInternals = {}): Promise<SelfCheckResult> {
  const startedAt = new Date().toISOString();
  const selected = selectMutants(catalog, options.mutants).map((mutant) => ({ mutant, plan: planMutant(mutant, deferredClauses) }));
  const seeds = Array.from({ length: options.seeds ?? 1 }, (_, index) => (options.seed + index) % 2 ** 31);
  const settings: SelfCheckSettings = {
    seeds,
    runs: options.runs,
    timeoutMs: options.timeoutMs,
    pollBudget: options.pollBudget,
    concurrency: options.concurrency,
    parallel: options.parallel,
    runCapMs: options.runCapMs,
    requiredKillRate: options.seeds === null ? 1 : selfCheckDefaults.sweepKillRate,
  };
  const runJob = internals.runJob ?? runQualificationJob;
  const suiteDir = internals.suiteDir ?? null;
  const shared = ['--runs', String(options.runs), '--timeout-ms', String(options.timeoutMs), '--poll-budget', String(options.pollBudget), '--concurrency', String(options.concurrency)];
  await mkdir(join(options.outDir, 'configs'), { recursive: true });

  const jobs: { readonly key: string; readonly seed: number; readonly dir: string; readonly args: readonly string[]; readonly plan: MutantPlan | null; readonly name: string }[] = [
    { key: 'control', name: 'control (reference adapter)', seed: options.seed, dir: join(options.outDir, 'control'), args: [CONTROL_CONFIG], plan: null },
  ];
  // Longest first (the control, then SEM mutants, whose stateful and crash tests dominate): the pool ends sooner.
  const judgeable = selected.filter((entry) => entry.plan.judgeable);
  const ordered = [...judgeable.filter((entry) => claimsSem(entry.mutant)), ...judgeable.filter((entry) => !claimsSem(entry.mutant))];
  for (const { mutant, plan } of ordered) {
    const configPath = join(options.outDir, 'configs', `${mutant.name}.json`);
    await writeFile(configPath, `${JSON.stringify(mutantConfig(mutant.name), null, 2)}\n`);
    for (const seed of seeds) {
      const dir = options.seeds === null ? join(options.outDir, 'mutants', mutant.name) : join(options.outDir, 'mutants', mutant.name, `seed-${seed}`);
      jobs.push({ key: mutant.name, name: mutant.name, seed, dir, args: [configPath, '--only', plan.only], plan });
    }
  }

  let done = 0;
  const outcomes = await runWithLimit(
    jobs.map((job) => async () => {
      // A stale acceptance.json must never stand in for a run that wrote none.
      await rm(job.dir, { recursive: true, force: true });
      await mkdir(job.dir, { recursive: true });
      const outcome = await runJob({ args: [...job.args, '--out', job.dir, '--seed', String(job.seed), ...shared], outDir: job.dir, suiteDir, capMs: options.runCapMs }, hooks.signal);
      done += 1;
      hooks.onProgress?.(`[${done}/${jobs.length}] ${progressWord(job.plan, outcome)} ${job.name}${options.seeds === null ? '' : ` seed ${job.seed}`} (${(outcome.end.durationMs / 1000).toFixed(1)} s)`);
      return outcome;
    }),
    options.parallel,
  );

  const [controlOutcome, ...mutantOutcomes] = outcomes;
  const control = judgeControl(controlOutcome!.end, controlOutcome!.report, relative(options.outDir, jobs[0]!.dir));
  const controlFailed = new Set<ClauseId>(control.failedClauses.map((entry) => entry.clauseId));
  const runs: MutantRun[] = mutantOutcomes.map((outcome, index) => {
    const job = jobs[index + 1]!;
    const judgement = judgeRun(job.plan!, outcome.end, outcome.report, controlFailed);
    return { mutant: job.key, seed: job.seed, ...judgement, reportDir: relative(options.outDir, job.dir), durationMs: outcome.end.durationMs };
  });
  const report = buildSelfCheckReport({
    mode: options.seeds === null ? 'matrix' : 'sweep',
    suite: { name: 'adapter-qualify', version: packageVersion },
    startedAt,
    finishedAt: new Date().toISOString(),
    settings,
    control,
    selected,
    runs,
    corpus: corpusCoverage(catalog),
  });
  return { report, files: await writeSelfCheckFiles(report, options.outDir) };
}

function claimsSem(mutant: MutantDefinition): boolean {
  return mutant.expect === 'inconclusive' || mutant.claims.some((id) => id.startsWith('SEM-'));
}

function selectMutants(corpus: readonly MutantDefinition[], names: readonly string[] | null): readonly MutantDefinition[] {
  if (names === null) return corpus;
  const unknown = names.filter((name) => !corpus.some((mutant) => mutant.name === name));
  if (unknown.length > 0) throw new UsageError(`--mutant: unknown mutant ${unknown.map((name) => JSON.stringify(name)).join(', ')} (see adapters/mutants/catalog.ts)`, { option: '--mutant' });
  return corpus.filter((mutant) => names.includes(mutant.name));
}

// Progress shows the run's end at a glance; the judgement comes once the control is in.
function progressWord(plan: MutantPlan | null, outcome: { readonly end: RunEnd; readonly report: AcceptanceReport | null }): string {
  if (outcome.end.kind !== 'report') return outcome.end.kind;
  if (plan === null) return outcome.report?.verdict ?? 'no report';
  return isKill(judgeRun(plan, outcome.end, outcome.report, new Set()).status) ? 'killed' : 'NOT KILLED';
}
