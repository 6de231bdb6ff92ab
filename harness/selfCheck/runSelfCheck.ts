import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { manifestFixtures, manifestReferenceDir } from '../../adapters/manifest-fixtures/catalog.js';
import type { ManifestFixture } from '../../adapters/manifest-fixtures/ManifestFixture.js';
import { materializeFixture } from '../../adapters/manifest-fixtures/materializeFixture.js';
import { mutants as catalog } from '../../adapters/mutants/catalog.js';
import type { MutantDefinition } from '../../adapters/mutants/MutantDefinition.js';
import { mutantConfig } from '../../adapters/mutants/mutantConfig.js';
import type { AcceptanceReport } from '../../reports/types.js';
import { writeFileAtomic } from '../writeFileAtomic.js';
import type { ClauseId, ProfileId } from '../clauses.js';
import { packageRoot, packageVersion } from '../packageRoot.js';
import { runWithLimit } from '../runWithLimit.js';
import { isSuiteFile } from '../suite/suiteLocation.js';
import { UsageError } from '../UsageError.js';
import { judgeControl, judgeRun } from './judgeRuns.js';
import type { SelfCheckOptions } from '../options/runOptions.js';
import { selfCheckDefaults } from '../options/runOptionDefaults.js';
import { planMutant, suiteFilesFor, type MutantPlan, type SuiteSource } from './planMutant.js';
import { renderSelfCheckBadge, renderSelfCheckHtml, renderSelfCheckMarkdown } from './renderSelfCheck.js';
import { runQualificationJob, type QualificationJob, type RunEnd, type WorkerCommand } from './runQualificationJob.js';
import {
  buildSelfCheckReport,
  corpusCoverage,
  isKill,
  validateSelfCheckReport,
  type ControlResult,
  type MutantRun,
  type SelfCheckReport,
  type SelfCheckSettings,
} from './selfCheckReport.js';

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
  readonly files: { readonly json: string; readonly markdown: string; readonly badge: string };
}

const CONTROL_CONFIG = join(packageRoot, 'adapters', 'reference', 'adapter.json');
/** The reference's restart step, so the control is judged on SEM-DURABLE-RESTART too. */
const CONTROL_LIFECYCLE = join(packageRoot, 'adapters', 'reference', 'lifecycle.json');

/**
 * Qualifies the reference adapter (the control: a complete run, with its
 * lifecycle file) and every selected mutant (each limited to the
 * tests of its claimed clauses, and to the suite files that hold them, once
 * per seed); with any adapter-manifest.v1 fixture selected, also the manifest
 * reference directory (that profile's control) and each fixture. Up to
 * `parallel` runs at once, each in its own process group under a wall-clock
 * cap; judges them and writes `self-check.json` and `self-check.md`. Every
 * run's report directory is kept under `outDir`.
 *
 * @param options - validated self-check options
 * @param hooks - progress
 * @param internals - test seams
 * @throws UsageError for a mutant name the catalog does not know
 */
export async function runSelfCheck(options: SelfCheckOptions, hooks: SelfCheckHooks = {}, internals: SelfCheckInternals = {}): Promise<SelfCheckResult> {
  const startedAt = new Date().toISOString();
  const selected = selectEntries(options.mutants);
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
    threshold: options.threshold,
  };
  const runJob = internals.runJob ?? runQualificationJob;
  const suiteDir = internals.suiteDir ?? null;
  const suites = await readSuites(suiteDir ?? join(packageRoot, 'suites'));
  const shared = ['--runs', String(options.runs), '--timeout-ms', String(options.timeoutMs), '--poll-budget', String(options.pollBudget), '--concurrency', String(options.concurrency)];
  const manifestShared = ['--runs', String(options.runs), '--timeout-ms', String(options.timeoutMs)];
  await mkdir(join(options.outDir, 'configs'), { recursive: true });

  const jobs: Job[] = [
    {
      role: 'control',
      profile: 'coding-operation.v1',
      key: 'control',
      name: 'control (reference adapter)',
      seed: options.seed,
      dir: join(options.outDir, 'control'),
      command: 'run',
      args: [CONTROL_CONFIG, '--lifecycle', CONTROL_LIFECYCLE, ...shared],
      suiteFiles: null,
      plan: null,
    },
  ];
  const fixtures = selected.filter((entry) => entry.profile === 'adapter-manifest.v1');
  if (fixtures.length > 0) {
    jobs.push({
      role: 'manifest-control',
      profile: 'adapter-manifest.v1',
      key: 'manifest-control',
      name: `manifest control (${manifestReferenceDir})`,
      seed: options.seed,
      dir: join(options.outDir, 'manifest-control'),
      command: 'manifest',
      args: [join(packageRoot, manifestReferenceDir), ...manifestShared],
      suiteFiles: null,
      plan: null,
    });
  }
  // Longest first (the controls, then SEM mutants, whose stateful and crash tests dominate): the pool ends sooner.
  const codingOperation = selected.filter((entry) => entry.profile === 'coding-operation.v1');
  const ordered = [...codingOperation.filter((entry) => claimsSem(entry.mutant)), ...fixtures, ...codingOperation.filter((entry) => !claimsSem(entry.mutant))];
  for (const { mutant, plan, profile, fixture } of ordered) {
    let args: readonly string[];
    let suiteFiles: readonly string[] | null = null;
    if (fixture !== undefined) {
      args = [await materializeFixture(fixture, join(options.outDir, 'fixtures')), ...manifestShared];
    } else {
      const configPath = join(options.outDir, 'configs', `${mutant.name}.json`);
      await writeFile(configPath, `${JSON.stringify(mutantConfig(mutant.name), null, 2)}\n`);
      const lifecycle = mutant.lifecycle === undefined ? [] : ['--lifecycle', join(packageRoot, mutant.lifecycle)];
      args = [configPath, '--only', plan.only, ...lifecycle, ...shared];
      suiteFiles = suiteFilesFor(plan.needles, suites);
    }
    for (const seed of seeds) {
      const dir = options.seeds === null ? join(options.outDir, 'mutants', mutant.name) : join(options.outDir, 'mutants', mutant.name, `seed-${seed}`);
      jobs.push({ role: 'mutant', profile, key: mutant.name, name: mutant.name, seed, dir, command: profile === 'adapter-manifest.v1' ? 'manifest' : 'run', args, suiteFiles, plan });
    }
  }

  let done = 0;
  const outcomes = await runWithLimit(
    jobs.map((job) => async () => {
      // A stale acceptance.json must never stand in for a run that wrote none.
      await rm(job.dir, { recursive: true, force: true });
      await mkdir(job.dir, { recursive: true });
      const outcome = await runJob(
        {
          command: job.command,
          args: [...job.args, '--out', job.dir, '--seed', String(job.seed)],
          outDir: job.dir,
          suiteDir,
          suiteFiles: job.suiteFiles,
          // A kill needs the verdict, not a minimal counterexample; a control keeps shrinking, so a red one is well explained.
          endOnFailure: job.role === 'mutant',
          capMs: options.runCapMs,
        },
        hooks.signal,
      );
      done += 1;
      hooks.onProgress?.(
        `[${done}/${jobs.length}] ${progressWord(job.plan, outcome)} ${job.name}${options.seeds === null ? '' : ` seed ${job.seed}`} (${(outcome.end.durationMs / 1000).toFixed(1)} s)`,
      );
      return { job, ...outcome };
    }),
    options.parallel,
  );

  const controlOf = (role: Job['role']): ControlResult | null => {
    const outcome = outcomes.find((entry) => entry.job.role === role);
    return outcome === undefined ? null : judgeControl(outcome.end, outcome.report, relative(options.outDir, outcome.job.dir), outcome.job.profile);
  };
  const control = controlOf('control')!;
  const manifestControl = controlOf('manifest-control');
  const controlFailed = (profile: ProfileId): ReadonlySet<ClauseId> =>
    new Set((profile === 'adapter-manifest.v1' ? manifestControl : control)?.failedClauses.map((entry) => entry.clauseId) ?? []);
  const runs: MutantRun[] = outcomes
    .filter((outcome) => outcome.job.role === 'mutant')
    .map(({ job, end, report: runReport }) => {
      const judgement = judgeRun(job.plan!, end, runReport, controlFailed(job.profile));
      return { mutant: job.key, profile: job.profile, seed: job.seed, ...judgement, reportDir: relative(options.outDir, job.dir), durationMs: end.durationMs };
    });
  const report = buildSelfCheckReport({
    mode: options.seeds === null ? 'matrix' : 'sweep',
    suite: { name: 'adapter-qualify', version: packageVersion },
    startedAt,
    finishedAt: new Date().toISOString(),
    settings,
    control,
    manifestControl,
    selected,
    runs,
    corpus: corpusCoverage(catalog, manifestFixtures),
  });
  return { report, files: await writeSelfCheckFiles(report, options.outDir) };
}

/** One qualification run self-check starts. */
interface Job {
  readonly role: 'control' | 'manifest-control' | 'mutant';
  readonly profile: ProfileId;
  readonly key: string;
  readonly name: string;
  readonly seed: number;
  readonly dir: string;
  readonly command: WorkerCommand;
  /** Everything but `--out` and `--seed`. */
  readonly args: readonly string[];
  readonly suiteFiles: readonly string[] | null;
  readonly plan: MutantPlan | null;
}

/** A selected mutant or manifest fixture (`fixture`: set for the adapter-manifest.v1 profile only). */
interface Entry {
  readonly mutant: MutantDefinition;
  readonly plan: MutantPlan;
  readonly profile: ProfileId;
  readonly fixture?: ManifestFixture;
}

async function readSuites(dir: string): Promise<SuiteSource[]> {
  const names = (await readdir(dir)).filter(isSuiteFile).sort();
  return Promise.all(names.map(async (name) => ({ name, text: await readFile(join(dir, name), 'utf8') })));
}

function claimsSem(mutant: MutantDefinition): boolean {
  return mutant.expect === 'inconclusive' || mutant.claims.some((id) => id.startsWith('SEM-'));
}

// Coding-operation mutants first, then manifest fixtures, each in catalog order.
function selectEntries(names: readonly string[] | null): readonly Entry[] {
  const entries: Entry[] = [
    ...catalog.map((mutant) => ({ mutant, plan: planMutant(mutant), profile: 'coding-operation.v1' as const })),
    ...manifestFixtures.map((fixture) => ({ mutant: fixture, plan: planMutant(fixture), profile: 'adapter-manifest.v1' as const, fixture })),
  ];
  if (names === null) return entries;
  const unknown = names.filter((name) => !entries.some((entry) => entry.mutant.name === name));
  if (unknown.length > 0) {
    throw new UsageError(`--mutant: unknown mutant ${unknown.map((name) => JSON.stringify(name)).join(', ')} (see adapters/mutants/catalog.ts and adapters/manifest-fixtures/catalog.ts)`, {
      option: '--mutant',
    });
  }
  return entries.filter((entry) => names.includes(entry.mutant.name));
}

// Progress shows the run's end at a glance; the judgement comes once the control is in.
function progressWord(plan: MutantPlan | null, outcome: { readonly end: RunEnd; readonly report: AcceptanceReport | null }): string {
  if (outcome.end.kind !== 'report') return outcome.end.kind;
  if (plan === null) return outcome.report?.verdict ?? 'no report';
  return isKill(judgeRun(plan, outcome.end, outcome.report, new Set()).status) ? 'killed' : 'NOT KILLED';
}

/**
 * Validates the report against `reports/self-check.schema.json`, then writes
 * `self-check.json`, `self-check.md`, `self-check.html` and `badge.json` (a shields.io endpoint
 * badge of the score) into `outDir`, each atomically.
 * Nothing is written when the report is invalid.
 *
 * @param report - a built self-check report
 * @param outDir - the self-check directory (created if missing)
 * @returns the paths written
 * @throws {@link SelfCheckSchemaError} when the report breaks its schema
 */
export async function writeSelfCheckFiles(
  report: SelfCheckReport,
  outDir: string,
): Promise<{ readonly json: string; readonly markdown: string; readonly html: string; readonly badge: string }> {
  validateSelfCheckReport(report);
  const markdown = renderSelfCheckMarkdown(report);
  const html = renderSelfCheckHtml(report);
  await mkdir(outDir, { recursive: true });
  const files = { json: join(outDir, 'self-check.json'), markdown: join(outDir, 'self-check.md'), html: join(outDir, 'self-check.html'), badge: join(outDir, 'badge.json') };
  await writeFileAtomic(files.json, `${JSON.stringify(report, null, 2)}\n`);
  await writeFileAtomic(files.markdown, markdown);
  await writeFileAtomic(files.html, html);
  await writeFileAtomic(files.badge, `${JSON.stringify(renderSelfCheckBadge(report))}\n`);
  return files;
}
