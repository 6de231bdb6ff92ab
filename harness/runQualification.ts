import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { dir as temporaryDirectory } from 'tmp-promise';
import { startVitest, type Vitest } from 'vitest/node';
import { startVitestShard, type VitestRunOptions } from './shard/shardTests.js';
import { writeShardEvidence } from './shard/shardEvidence.js';
import { type ProgressEvent, QualifyReporter } from '../reports/QualifyReporter.js';
import type { NormalizedRunOptions } from './options/runOptions.js';
import type { QualifyProvidedContext } from './suite/workerServices.js';
import type { QualifyTestMeta, ReplayHandle } from './evidence/types.js';
import { countRunTests, excludedClauses, testNameFilter } from './suite/testNames.js';
import { escapeRegExp, shellQuote } from './quoting.js';
import { bundledSuites, requireSuites, suitesIn } from './suite/suiteLocation.js';
import { QualifySequencer } from './suite/suiteOrder.js';
import { codingOperationClauses } from './clauses.js';
import { packageRoot, packageVersion } from './packageRoot.js';
import { notApplicableClauses } from './notApplicableClauses.js';
import { mergeTranscriptParts } from './transcript/TranscriptWriter.js';
import { SecretMask } from './evidence/SecretMask.js';
import { ensureLauncher } from './transport/containment/launcher.js';
import { enterRunContext } from './transport/containment/environment.js';
import { sweepRunProcesses } from './transport/containment/sweep.js';
import { buildReport, type AcceptanceReport, type BuildReportInput } from '../reports/buildReport.js';
import { fingerprintSdkSubject, fingerprintSubject, settleSubject } from '../reports/fingerprintSubject.js';
import type { ReportExitCode, ReportSubject } from '../reports/types.js';
import { renderSummary } from '../reports/renderSummary.js';
import { writeReportFiles, adapterDirectories, OutputDirectory } from '../reports/reportFiles.js';
import { buildFailureCases, cliWords, replayOutDir, replayRunArgs, writeFailureCases } from './replay/failureCases.js';
import { reapRunProcesses } from './suite/markedProcesses.js';
import { SpawnFailureTally, type SpawnFailureCount } from './transcript/readTranscript.js';
import type { recheckTerminalEvidence } from './suite/recheckTerminalEvidence.js';
import { UsageError } from './UsageError.js';
import { workerPoolOptions } from './suite/workerThreads.js';
import { locateTracer } from './faults/strace.js';
import { openRunSandbox, type SandboxRecord } from './transport/sandbox/openRunSandbox.js';
import { enterSandboxContext } from './transport/sandbox/sandboxPlan.js';
import { runSandboxRequest, sandboxNotice } from './runSandboxRequest.js';
import { endThisThreadSpawner } from './transport/spawner.js';
import { type InterruptSignal, RunInterruption, stopWithin } from './runInterruption.js';
import type { QualifyCollection } from '../reports/QualifyReporter.js';
import { emergencyReportOf } from './interruptedReport.js';

/** What a finished run produced. */
export interface QualificationResult {
  readonly report: AcceptanceReport;
  readonly exitCode: ReportExitCode;
  readonly reportDir: string;
  /** The one-screen terminal summary. */
  readonly summary: string;
}

/** What {@link runQualification} tells its caller while it runs. */
export interface RunQualificationHooks {
  /** Each test's progress, as the reporter sees it. */
  readonly onProgress?: (event: ProgressEvent) => void;
  /** Called once, just before the suite's worker threads start (the CLI sets their V8 settings here). */
  readonly onWorkersStarting?: () => void;
  /** Called once with the one line that says which protections of the sandbox are missing or weaker (not called when it is whole). */
  readonly onSandboxNotice?: (line: string) => void;
}

/**
 * Options of {@link runQualification} that no command-line flag reaches.
 * @internal
 */
export interface RunQualificationInternals {
  /**
   * Absolute directory whose `*.suite.ts` (or compiled `*.suite.js`) files are run instead
   * of the bundled suites; self-check's own tests use it to prove that a disabled check yields a survivor.
   * @defaultValue the bundled suites (`bundledSuites`)
   */
  readonly suiteDir?: string;
  /**
   * Only these suite files (names in `suites/`, e.g. `faults.suite.ts`, which stand for
   * their compiled `faults.suite.js` too) are loaded; self-check limits each mutant's run to the files that mention its
   * claimed clauses, so the other files' workers never start.
   * @defaultValue every `*.suite.ts`
   */
  readonly suiteFiles?: readonly string[];
  /** Properties record their first failing case without shrinking it (self-check needs only verdicts). @defaultValue false */
  readonly endOnFailure?: boolean;
  /** Wall-clock budget of each property; tests shorten it to reach the limit quickly. @defaultValue `PROPERTY_TIME_LIMIT_MS` */
  readonly propertyTimeLimitMs?: number;
}

// The end-of-run re-observation drives adapter calls through the suites' own services (execa, vitest's test
// API): loading it costs the CLI a good part of its start-up. It is loaded once the first suite file is collected,
// while this process mostly waits on its workers, and awaited only when the workers are done.
let recheckModule: Promise<{ recheckTerminalEvidence: typeof recheckTerminalEvidence }> | undefined;
function loadRecheck(): Promise<{ recheckTerminalEvidence: typeof recheckTerminalEvidence }> {
  recheckModule ??= import('./suite/recheckTerminalEvidence.js');
  return recheckModule;
}

// Every module of the compiled package, e.g. `<root>/dist/harness/suite/qualifyTest.js`.
const COMPILED_MODULES = new RegExp(`^${escapeRegExp(join(packageRoot, 'dist'))}/`);

// vitest resolves `include` against `dir`, which may lie outside the package root.
function suiteSelection(internals: RunQualificationInternals): { dir: string; include: string[] } {
  const location = requireSuites(internals.suiteDir === undefined ? bundledSuites() : suitesIn(internals.suiteDir));
  const files = internals.suiteFiles;
  return { dir: location.dir, include: files === undefined ? [location.pattern] : files.map(location.fileFor) };
}

/**
 * Runs the conformance suites against one adapter and writes the acceptance
 * report. The suites run in vitest workers (in parallel up to `concurrency`);
 * they report evidence through `task.meta`, and everything else — verdicts,
 * transcript, files — is decided here, after every worker is done.
 *
 * Before any adapter process starts, `--out` is checked and a fresh staging
 * directory made inside it (a usage error otherwise); the finished report
 * replaces the older one file by file. After the workers, every binding that
 * reached terminal is observed once more (SEM-TERMINAL-IMMUTABLE). SIGINT or
 * SIGTERM ends the run early: its adapter processes are killed and the report
 * of what was judged so far is written, marked interrupted (exit code 4).
 *
 * @throws UsageError for an unusable `--out`, or when every call failed to spawn (nothing was judged)
 */
export async function runQualification(options: NormalizedRunOptions, hooks: RunQualificationHooks = {}, internals: RunQualificationInternals = {}): Promise<QualificationResult> {
  const startedAt = new Date();
  const output = await OutputDirectory.prepare(options.outDir, {
    adapterDirs: await adapterDirectories(options.subject),
    allowInAdapterDir: options.allowOutInAdapterDir,
  });
  const work = await temporaryDirectory({ prefix: 'adapter-qualify-', unsafeCleanup: true });
  const scratchDir = join(work.path, 'scratch');
  const runNonce = randomBytes(4).toString('hex');
  // Built once here, so workers find it compiled; its tag lets the end of the run find every process its calls left.
  ensureLauncher();
  const tag = `aq-run-${process.pid}-${runNonce}`;
  const leaveRunContext = enterRunContext(tag, options.adapterEnvironment.passNames);
  // The scratch directory exists before the sandbox is planned: it is bound writable into it.
  await mkdir(scratchDir, { recursive: true });
  const sandbox = options.subject.kind === 'command' ? openRunSandbox(runSandboxRequest(options, { tag, workDir: work.path, scratchDir, staging: output.staging })) : null;
  const leaveSandbox = enterSandboxContext(sandbox?.plan ?? null);
  let sandboxRecord: SandboxRecord | undefined;
  const closeSandbox = (): SandboxRecord | undefined => {
    if (sandbox === null || sandboxRecord !== undefined) return sandboxRecord;
    endThisThreadSpawner();
    sandboxRecord = sandbox.close();
    return sandboxRecord;
  };
  let running: Vitest | null = null;
  const reporter = new QualifyReporter({
    onProgress: hooks.onProgress,
    maxFailures: options.maxFailures ?? undefined,
  });
  // The evidence of the tests that ended before the signal: a test still in flight had its calls
  // ended by the suite, which is no evidence about the adapter, so nothing it reports later counts.
  let beforeSignal: QualifyCollection | null = null;
  const interruption = new RunInterruption(() => {
    beforeSignal = reporter.collected();
    // Tests still running are cancelled; their adapter processes die here, not with the workers.
    void running?.cancelCurrentRun('keyboard-input');
    reapRunProcesses(scratchDir);
    sweepRunProcesses(tag);
  });
  interruption.offerEmergencyReport(emergencyReportOf(options, output, startedAt));
  try {
    if (sandbox !== null) {
      const notice = sandboxNotice(sandbox);
      if (notice !== null) hooks.onSandboxNotice?.(notice);
      if (options.sandbox === 'required' && sandbox.missing.length > 0) {
        throw new UsageError(`--require-sandbox: ${sandbox.missing.join('; ')}`, { option: '--require-sandbox' });
      }
    }
    await mkdir(scratchDir, { recursive: true });
    const provided: QualifyProvidedContext = {
      options,
      runNonce,
      workDir: work.path,
      scratchDir,
      ...(internals.endOnFailure === true ? { endOnFailure: true } : {}),
      ...(internals.propertyTimeLimitMs === undefined ? {} : { propertyTimeLimitMs: internals.propertyTimeLimitMs }),
      ...(options.subject.kind === 'command' ? { faultTracer: await locateTracer() } : {}),
    };
    // Fingerprinted before the first call and after the last: what changed meanwhile is state, not the subject.
    const { subject } = options;
    const fingerprint = (): Promise<ReportSubject> =>
      subject.kind === 'command' ? fingerprintSubject(subject.config, subject.adapterCwd, options.subjectFiles) : fingerprintSdkSubject(subject);
    const subjectBefore = await fingerprint();
    const testNamePattern = testNameFilter(options.only, options.exclude);
    const vitestOptions: VitestRunOptions = {
      root: packageRoot,
      config: false,
      watch: false,
      ...suiteSelection(internals),
      // The compiled harness is loaded by Node itself in the workers, not through vite's module runner.
      server: { deps: { external: [COMPILED_MODULES] } },
      isolate: false,
      sequence: { sequencer: QualifySequencer },
      reporters: [
        reporter,
        {
          onInit: (vitest: Vitest) => {
            running = vitest;
            interruption.claimSignals();
            if (interruption.signal !== null) void vitest.cancelCurrentRun('keyboard-input');
          },
          // A failed load is reported where the re-observation runs (afterTheWorkers), not as a stray rejection here.
          onTestModuleCollected: () => void loadRecheck().catch(() => undefined),
        },
      ],
      provide: { qualify: provided },
      // Worker threads, and tests per worker (their V8 settings are the CLI's: tuneWorkerIsolates).
      ...workerPoolOptions(options.concurrency),
      ...(testNamePattern === null ? {} : { testNamePattern }),
      ...(options.maxFailures === null ? {} : { bail: options.maxFailures }),
    };
    hooks.onWorkersStarting?.();
    const starting =
      interruption.signal !== null ? null : options.shard === null ? startVitest('test', [], vitestOptions, { logLevel: 'silent' }) : startVitestShard(vitestOptions, options.shard);
    const vitest = starting === null ? null : await interruption.unlessInterrupted(starting);
    const files = (vitest ?? running)?.state.getFiles() ?? [];
    const selected = countRunTests(files);
    const excluded = excludedClauses(
      files,
      options.exclude,
      codingOperationClauses.map(({ id }) => id),
    );
    if (vitest !== null) await vitest.close();
    else await stopInterruptedWorkers(running, starting, () => reapRunProcesses(scratchDir));
    running = null;
    if (interruption.signal === null && testNamePattern !== null && options.shard === null && selected === 0) {
      // No test ran, so no adapter process was started: a usage error, never a green run.
      const only = options.only === null ? '' : `--only ${JSON.stringify(options.only)}`;
      const what = options.exclude === null ? `${only} matches no test` : `${only === '' ? '' : `${only} with `}--exclude ${JSON.stringify(options.exclude)} leaves no test`;
      throw new UsageError(`${what} (test names start with clause IDs; adapter-qualify list shows them)`, { option: options.exclude === null ? '--only' : '--exclude' });
    }
    const extra = await afterTheWorkers(options, provided, interruption.signal);
    // No process started by any call (the re-observation's included) outlives the run: counted, killed, reported.
    const sweep = sweepRunProcesses(tag);
    // Then the sandbox ends: whatever is left in it (the run's cgroup) is killed and counted.
    const sandboxAtEnd = closeSandbox();

    const outDir = output.staging;
    // A transcript that cannot be merged is the suite's failure, reported like any other (exit 3), never a lost report.
    const spawns = new SpawnFailureTally();
    const transcriptError = await mergeTranscriptParts(work.path, join(outDir, 'transcript.jsonl'), (line) => spawns.add(line)).then(
      () => [],
      (error: unknown) => [`transcript.jsonl could not be written: ${error instanceof Error ? error.message : String(error)}`],
    );
    if (transcriptError.length === 0) refuseIfNothingSpawned(spawns.count(), interruption.signal);
    const fromWorkers = beforeSignal ?? reporter.collected();
    // Evidence from the workers holds adapter output; mask secrets once, before any report, case or shard file is made of it.
    const collected = SecretMask.fromProcess().maskDeep({
      ...fromWorkers,
      metas: [...fromWorkers.metas, ...extra.metas],
      unhandledErrors: [...fromWorkers.unhandledErrors, ...extra.errors],
    });
    const reportInput: BuildReportInput = {
      profile: 'coding-operation.v1',
      metas: collected.metas,
      failedTests: collected.failedTests,
      unhandledErrors: [...collected.unhandledErrors, ...transcriptError],
      filteredOut: options.only !== null,
      ...(reporter.stoppedAtMaxFailures() ? { stoppedEarly: `the run stopped after ${options.maxFailures} failing test${options.maxFailures === 1 ? '' : 's'} (--max-failures)` } : {}),
      notApplicable: notApplicableClauses(options.subject.kind),
      excluded,
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
          ...(options.maxFailures === null ? {} : { maxFailures: options.maxFailures }),
          concurrency: options.concurrency,
          pollBudget: options.pollBudget,
          settleMs: options.settleMs,
          ...(options.hideNotApplicable ? { hideNotApplicable: true as const } : {}),
        },
        ...(interruption.signal === null ? {} : { interrupted: interruption.signal }),
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
        ...(sandboxAtEnd === undefined ? {} : { sandbox: sandboxAtEnd }),
      },
      replayCommand: (handle) => replayCommand(handle, options),
      expectedFailures: options.expectedFailures,
      shard: options.shard,
    };
    const report = buildReport(reportInput);
    await writeReportFiles(report, outDir);
    // Every FAIL as a replayable case (`adapter-qualify replay <report-dir>`).
    await writeFailureCases(buildFailureCases(report, collected.metas, options), outDir);
    if (options.shard !== null) await writeShardEvidence(reportInput, outDir);
    await output.commit();
    return { report, exitCode: report.exitCode, reportDir: options.outDir, summary: renderSummary(report, options.outDir) };
  } catch (error) {
    await output.discard();
    throw error;
  } finally {
    interruption.dispose();
    if (interruption.signal !== null) {
      reapRunProcesses(scratchDir);
      sweepRunProcesses(tag);
    }
    closeSandbox();
    leaveSandbox();
    leaveRunContext();
    await work.cleanup();
  }
}

// What the run judges itself once the workers are done: the end-of-run re-observation of
// terminal evidence (skipped when interrupted), and why the run stopped early, if it did.
// Stops the workers of an interrupted run within a bound, killing what their tests still start meanwhile.
async function stopInterruptedWorkers(running: Vitest | null, starting: Promise<Vitest> | null, reap: () => void): Promise<void> {
  const reaping = setInterval(reap, 250);
  try {
    await stopWithin(async () => {
      const vitest = running ?? (await starting);
      await vitest?.close();
    });
  } finally {
    clearInterval(reaping);
    reap();
  }
}

async function afterTheWorkers(options: NormalizedRunOptions, provided: QualifyProvidedContext, signal: InterruptSignal | null): Promise<{ metas: QualifyTestMeta[]; errors: string[] }> {
  if (signal !== null) {
    reapRunProcesses(provided.scratchDir);
    return {
      metas: [],
      errors: [
        `the run was interrupted by ${signal}: its adapter processes were killed, and only the tests that finished before the signal are judged (a call the suite ended is no evidence)`,
      ],
    };
  }
  try {
    const { recheckTerminalEvidence } = await loadRecheck();
    const recheck = await recheckTerminalEvidence({ options, workDir: provided.workDir, scratchDir: provided.scratchDir });
    return { metas: recheck === null ? [] : [recheck], errors: [] };
  } catch (error) {
    // The suite's own fault: reported as such, without hiding what the workers judged.
    return { metas: [], errors: [`end-of-run re-observation of terminal evidence: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`] };
  }
}

// A run whose every call failed to spawn judged nothing of the adapter (an interpreter that
// does not exist, a missing library): that is a usage error, not a verdict.
function refuseIfNothingSpawned({ calls, spawnFailures, firstDetail }: SpawnFailureCount, signal: InterruptSignal | null): void {
  if (signal !== null) return;
  if (calls > 0 && spawnFailures === calls) {
    throw new UsageError(`every one of the ${calls} adapter calls failed to start (${firstDetail ?? 'no detail'}): check the executable and argvPrefix; nothing was judged`, {
      field: 'executable',
    });
  }
}

/**
 * The shell command that re-runs exactly one test's cases: the same options
 * that shape generation, the test named by an anchored `--only`, the root seed,
 * and fast-check's path to the shrunk counterexample when there is one.
 * @public
 */
export function replayCommand(handle: ReplayHandle, options: NormalizedRunOptions): string {
  const { subject } = options;
  const target = subject.kind === 'command' ? [subject.configPath] : ['--sdk', subject.modulePath, '--authority', subject.authorityId];
  // The options live in replayRunArgs, which `adapter-qualify replay` also runs from the stored case.
  // Started the way this copy is installed; the report goes to a directory of its own, never over the run's.
  const words = [...cliWords(), 'run', ...target, ...replayRunArgs(handle, options), '--out', replayOutDir(handle)];
  return words.map(shellQuote).join(' ');
}
