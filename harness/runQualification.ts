import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { dir as temporaryDirectory } from 'tmp-promise';
import { startVitest } from 'vitest/node';
import { startVitestShard, type VitestRunOptions } from './shard/startVitestShard.js';
import { writeShardEvidence } from './shard/writeShardEvidence.js';
import type { ProgressEvent } from './cli/progressEvent.js';
import type { NormalizedRunOptions } from './runOptions.js';
import type { QualifyProvidedContext } from './suite/providedContext.js';
import { countRunTests } from './suite/countRunTests.js';
import { UsageError } from './UsageError.js';
import { packageRoot, packageVersion } from './packageRoot.js';
import { deferredClauses } from './deferredClauses.js';
import { notApplicableClauses } from './notApplicableClauses.js';
import { replayCommand } from './replayCommand.js';
import { mergeTranscriptParts } from './transcript/mergeTranscriptParts.js';
import { SecretMask } from './evidence/SecretMask.js';
import { ensureLauncher } from './transport/containment/ensureLauncher.js';
import { enterRunContext } from './transport/containment/runContext.js';
import { sweepRunProcesses } from './transport/containment/sweepRunProcesses.js';
import { QualifyReporter } from '../reports/QualifyReporter.js';
import { buildReport, type AcceptanceReport, type BuildReportInput } from '../reports/buildReport.js';
import { fingerprintSdkSubject } from '../reports/fingerprintSdkSubject.js';
import { fingerprintSubject, settleSubject } from '../reports/fingerprintSubject.js';
import type { ReportSubject } from '../reports/types.js';
import { renderSummary } from '../reports/renderSummary.js';
import { writeReportFiles } from '../reports/writeReportFiles.js';
import { buildFailureCases } from './replay/buildFailureCases.js';
import { writeFailureCases } from './replay/writeFailureCases.js';

/**
 * Splits `--concurrency` (adapter processes at once) into suite workers and
 * concurrent tests per worker: a test spends its time waiting for adapter
 * processes, so two workers with several tests each keep two cores busy.
 */
function parallelism(concurrency: number): { maxWorkers: number; maxConcurrency: number } {
  const maxWorkers = Math.min(2, concurrency);
  return { maxWorkers, maxConcurrency: Math.max(1, Math.floor(concurrency / maxWorkers)) };
}

/** What a finished run produced. */
export interface QualificationResult {
  readonly report: AcceptanceReport;
  readonly exitCode: 0 | 1 | 3;
  readonly reportDir: string;
  /** The one-screen terminal summary. */
  readonly summary: string;
}

/** Glob of the conformance suites, relative to the package root. Never matches the project's own `*.test.ts`. */
export const SUITE_GLOB = 'suites/*.suite.ts';

/**
 * Options of {@link runQualification} that no command-line flag reaches.
 * @internal
 */
export interface RunQualificationInternals {
  /**
   * Absolute directory whose `*.suite.ts` files are run instead of the bundled
   * suites; self-check's own tests use it to prove that a disabled check yields a survivor.
   * @defaultValue the package's `suites/`
   */
  readonly suiteDir?: string;
  /**
   * Only these suite files (names in the suite directory, e.g. `faults.suite.ts`)
   * are loaded; self-check limits each mutant's run to the files that mention its
   * claimed clauses, so the other files' workers never start.
   * @defaultValue every `*.suite.ts`
   */
  readonly suiteFiles?: readonly string[];
  /** Properties record their first failing case without shrinking it (self-check needs only verdicts). @defaultValue false */
  readonly endOnFailure?: boolean;
}

// vitest resolves `include` against `dir`, which may lie outside the package root.
function suiteSelection(internals: RunQualificationInternals): { dir?: string; include: string[] } {
  const files = internals.suiteFiles;
  if (internals.suiteDir === undefined) return { include: files === undefined ? [SUITE_GLOB] : files.map((name) => `suites/${name}`) };
  return { dir: internals.suiteDir, include: files === undefined ? ['*.suite.ts'] : [...files] };
}

/**
 * Runs the conformance suites against one adapter and writes the acceptance
 * report. The suites run in vitest workers (in parallel up to `concurrency`);
 * they report evidence through `task.meta`, and everything else — verdicts,
 * transcript, files — is decided here, after every worker is done.
 */
export async function runQualification(
  options: NormalizedRunOptions,
  hooks: { onProgress?: (event: ProgressEvent) => void } = {},
  internals: RunQualificationInternals = {},
): Promise<QualificationResult> {
  const startedAt = new Date();
  const work = await temporaryDirectory({ prefix: 'adapter-qualify-', unsafeCleanup: true });
  const runNonce = randomBytes(4).toString('hex');
  // Built once here, so workers find it compiled; its tag lets the end of the run find every process its calls left.
  ensureLauncher();
  const tag = `aq-run-${process.pid}-${runNonce}`;
  const leaveRunContext = enterRunContext(tag, options.adapterEnvironment.passNames);
  try {
    const scratchDir = join(work.path, 'scratch');
    await mkdir(scratchDir, { recursive: true });
    const provided: QualifyProvidedContext = {
      options,
      runNonce,
      workDir: work.path,
      scratchDir,
      ...(internals.endOnFailure === true ? { endOnFailure: true } : {}),
    };
    // Fingerprinted before the first call and after the last: what changed meanwhile is state, not the subject.
    const { subject } = options;
    const fingerprint = (): Promise<ReportSubject> =>
      subject.kind === 'command' ? fingerprintSubject(subject.config, subject.adapterCwd, options.subjectFiles) : fingerprintSdkSubject(subject);
    const subjectBefore = await fingerprint();
    const reporter = new QualifyReporter(hooks.onProgress === undefined ? {} : { onProgress: hooks.onProgress });
    const vitestOptions: VitestRunOptions = {
      root: packageRoot,
      config: false,
      watch: false,
      ...suiteSelection(internals),
      reporters: [reporter],
      provide: { qualify: provided },
      ...parallelism(options.concurrency),
      ...(options.only === null ? {} : { testNamePattern: options.only }),
    };
    const vitest =
      options.shard === null
        ? await startVitest('test', [], vitestOptions, { logLevel: 'silent' })
        : await startVitestShard(vitestOptions, options.shard);
    const selected = countRunTests(vitest.state.getFiles());
    await vitest.close();
    // No process started by any call outlives the run: counted, killed, reported.
    const sweep = sweepRunProcesses(tag);
    if (options.only !== null && options.shard === null && selected === 0) {
      // No test ran, so no adapter process was started: a usage error, never a green run.
      throw new UsageError(`--only ${JSON.stringify(options.only)} matches no test (test names start with clause IDs; adapter-qualify list shows them)`, { option: '--only' });
    }

    await mkdir(options.outDir, { recursive: true });
    // A transcript that cannot be merged is the suite's failure, reported like any other (exit 3), never a lost report.
    const transcriptError = await mergeTranscriptParts(work.path, join(options.outDir, 'transcript.jsonl')).then(
      () => [],
      (error: unknown) => [`transcript.jsonl could not be written: ${error instanceof Error ? error.message : String(error)}`],
    );
    // Evidence from the workers holds adapter output; mask secrets once, before any report, case or shard file is made of it.
    const collected = SecretMask.fromProcess().maskDeep(reporter.collected());
    const reportInput: BuildReportInput = {
      profile: 'coding-operation.v1',
      metas: collected.metas,
      failedTests: collected.failedTests,
      unhandledErrors: [...collected.unhandledErrors, ...transcriptError],
      filteredOut: options.only !== null,
      deferred: deferredClauses,
      notApplicable: notApplicableClauses(options.subject.kind),
      subject: settleSubject(subjectBefore, await fingerprint()),
      suite: { name: 'adapter-qualify', version: packageVersion },
      environment: { node: process.version, platform: process.platform, arch: process.arch },
      run: {
        seed: options.seed,
        runs: options.runs,
        startedAt: startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        strict: options.strict,
        strictShould: options.strictShould,
        only: options.only,
        options: {
          timeoutMs: options.timeoutMs,
          maxOutputBytes: options.maxOutputBytes,
          payload: options.payload.kind,
          maxSubmits: options.maxSubmits,
          concurrency: options.concurrency,
          pollBudget: options.pollBudget,
        },
        ...(options.subject.kind === 'command'
          ? {
              containment: {
                environment: options.adapterEnvironment.inherit ? ('inherited' as const) : ('scrubbed' as const),
                passedEnv: options.adapterEnvironment.passNames,
                processAccounting: sweep.containment,
                survivorsKilled: sweep.killed,
              },
            }
          : {}),
      },
      replayCommand: (handle) => replayCommand(handle, options),
      expectedFailures: options.expectedFailures,
      shard: options.shard,
    };
    const report = buildReport(reportInput);
    await writeReportFiles(report, options.outDir);
    // Every FAIL as a replayable case (`adapter-qualify replay <report-dir>`).
    await writeFailureCases(buildFailureCases(report, collected.metas, options), options.outDir);
    if (options.shard !== null) await writeShardEvidence(reportInput, options.outDir);
    return { report, exitCode: report.exitCode, reportDir: options.outDir, summary: renderSummary(report, options.outDir) };
  } finally {
    leaveRunContext();
    await work.cleanup();
  }
}
