// The suites of one coding-operation run in vitest workers, and the run's answer to SIGINT and
// SIGTERM: from construction to `dispose`, a signal kills the run's adapter processes, and the
// evidence of the tests that ended before it is what the run judges.

import { join } from 'node:path';
import { startVitest, type Vitest } from 'vitest/node';
import { type ProgressEvent, type QualifyCollection, QualifyReporter } from '../../reports/QualifyReporter.js';
import { codingOperationClauses, type ClauseId } from '../clauses.js';
import type { QualifyTestMeta } from '../evidence/types.js';
import type { NormalizedRunOptions } from '../options/runOptions.js';
import { packageRoot } from '../packageRoot.js';
import { escapeRegExp } from '../quoting.js';
import { emergencyReportOf } from '../interruptedReport.js';
import { type InterruptSignal, RunInterruption, stopWithin } from '../runInterruption.js';
import { startVitestShard, type VitestRunOptions } from '../shard/shardTests.js';
import { reapRunProcesses } from '../suite/markedProcesses.js';
import type { recheckTerminalEvidence } from '../suite/recheckTerminalEvidence.js';
import { bundledSuites, requireSuites, suitesIn } from '../suite/suiteLocation.js';
import { QualifySequencer } from '../suite/suiteOrder.js';
import { countRunTests, excludedClauses, testNameFilter } from '../suite/testNames.js';
import type { QualifyProvidedContext } from '../suite/workerServices.js';
import { workerPoolOptions } from '../suite/workerThreads.js';
import { sweepRunProcesses } from '../transport/containment/sweep.js';
import { UsageError } from '../UsageError.js';
import type { RunQualificationInternals } from './prepareRun.js';
import type { RunWorkspace } from './qualificationRun.js';

/** What a run tells its caller while it runs. */
export interface RunQualificationHooks {
  /** Each test's progress, as the reporter sees it. */
  readonly onProgress?: (event: ProgressEvent) => void;
  /** Called once, just before the suite's worker threads start (the CLI sets their V8 settings here). */
  readonly onWorkersStarting?: () => void;
  /** Called once with the one line that says which protections of the sandbox are missing or weaker (not called when it is whole). */
  readonly onSandboxNotice?: (line: string) => void;
}

/** What the workers, and the run's own checks after them, found. */
export interface SuitesEvidence {
  /** The workers' evidence (of the tests that ended before a signal, when one came). */
  readonly collected: QualifyCollection;
  /** Evidence the run judged itself once the workers were done (the end-of-run re-observation). */
  readonly ownMetas: readonly QualifyTestMeta[];
  /** The suite's own faults after the workers, and why an interrupted run judged less. */
  readonly ownErrors: readonly string[];
  /** SKIP reasons of the clauses only `--exclude`d tests decide. */
  readonly excluded: Readonly<Partial<Record<ClauseId, string>>>;
  /** Whether `--max-failures` stopped the run. */
  readonly stoppedAtMaxFailures: boolean;
}

// The end-of-run re-observation drives adapter calls through the suites' own services (execa, vitest's test
// API): loading it costs the CLI a good part of its start-up. It is loaded once the first suite file is collected,
// while this process mostly waits on its workers, and awaited only when the workers are done.
let recheckModule: Promise<{ recheckTerminalEvidence: typeof recheckTerminalEvidence }> | undefined;
function loadRecheck(): Promise<{ recheckTerminalEvidence: typeof recheckTerminalEvidence }> {
  recheckModule ??= import('../suite/recheckTerminalEvidence.js');
  return recheckModule;
}

// Every module of the compiled package, e.g. `<root>/dist/harness/suite/qualifyTest.js`.
const COMPILED_MODULES = new RegExp(`^${escapeRegExp(join(packageRoot, 'dist'))}/`);

/**
 * Runs the suites in vitest workers (in parallel up to `concurrency`) with the report's reporter.
 * A signal between construction and {@link SuiteRun.dispose} interrupts the run.
 * @internal
 */
export class SuiteRun {
  readonly #options: NormalizedRunOptions;
  readonly #hooks: RunQualificationHooks;
  readonly #scratchDir: string;
  readonly #tag: string;
  readonly #reporter: QualifyReporter;
  readonly #interruption: RunInterruption;
  #running: Vitest | null = null;
  // The evidence of the tests that ended before the signal: a test still in flight had its calls
  // ended by the suite, which is no evidence about the adapter, so nothing it reports later counts.
  #beforeSignal: QualifyCollection | null = null;

  /**
   * @param options - the run's options
   * @param workspace - the run's workspace (its marker and work directory)
   * @param scratchDir - the run's scratch directory
   * @param hooks - the caller's hooks
   */
  constructor(options: NormalizedRunOptions, workspace: RunWorkspace, scratchDir: string, hooks: RunQualificationHooks) {
    this.#options = options;
    this.#hooks = hooks;
    this.#scratchDir = scratchDir;
    this.#tag = workspace.tag;
    this.#reporter = new QualifyReporter({ onProgress: hooks.onProgress, maxFailures: options.maxFailures ?? undefined });
    this.#interruption = new RunInterruption(() => {
      this.#beforeSignal = this.#reporter.collected();
      // Tests still running are cancelled; their adapter processes die here, not with the workers.
      void this.#running?.cancelCurrentRun('keyboard-input');
      reapRunProcesses(this.#scratchDir);
      sweepRunProcesses(this.#tag);
    });
    this.#interruption.offerEmergencyReport(emergencyReportOf(options, workspace.output, workspace.startedAt));
  }

  /** The signal that interrupted the run, or null. */
  get signal(): InterruptSignal | null {
    return this.#interruption.signal;
  }

  /**
   * Runs the selected suites, waits for the workers (or, once a signal came, stops them within a
   * bound), then re-observes terminal evidence (not when interrupted).
   * @param provided - what every worker is given
   * @param internals - options no flag reaches
   * @throws UsageError when `--only`/`--exclude` leave no test
   */
  async run(provided: QualifyProvidedContext, internals: RunQualificationInternals): Promise<SuitesEvidence> {
    const options = this.#options;
    const interruption = this.#interruption;
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
        this.#reporter,
        {
          onInit: (vitest: Vitest) => {
            this.#running = vitest;
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
    this.#hooks.onWorkersStarting?.();
    const starting =
      interruption.signal !== null ? null : options.shard === null ? startVitest('test', [], vitestOptions, { logLevel: 'silent' }) : startVitestShard(vitestOptions, options.shard);
    const vitest = starting === null ? null : await interruption.unlessInterrupted(starting);
    const files = (vitest ?? this.#running)?.state.getFiles() ?? [];
    const selected = countRunTests(files);
    const excluded = excludedClauses(
      files,
      options.exclude,
      codingOperationClauses.map(({ id }) => id),
    );
    if (vitest !== null) await vitest.close();
    else await stopInterruptedWorkers(this.#running, starting, () => reapRunProcesses(this.#scratchDir));
    this.#running = null;
    if (interruption.signal === null && testNamePattern !== null && options.shard === null && selected === 0) {
      // No test ran, so no adapter process was started: a usage error, never a green run.
      const only = options.only === null ? '' : `--only ${JSON.stringify(options.only)}`;
      const what = options.exclude === null ? `${only} matches no test` : `${only === '' ? '' : `${only} with `}--exclude ${JSON.stringify(options.exclude)} leaves no test`;
      throw new UsageError(`${what} (test names start with clause IDs; adapter-qualify list shows them)`, { option: options.exclude === null ? '--only' : '--exclude' });
    }
    const own = await afterTheWorkers(options, provided, interruption.signal);
    return {
      collected: this.#beforeSignal ?? this.#reporter.collected(),
      ownMetas: own.metas,
      ownErrors: own.errors,
      excluded,
      stoppedAtMaxFailures: this.#reporter.stoppedAtMaxFailures(),
    };
  }

  /** Stops catching the signals; after a signal, kills whatever the run's calls still left. */
  dispose(): void {
    this.#interruption.dispose();
    if (this.#interruption.signal !== null) {
      reapRunProcesses(this.#scratchDir);
      sweepRunProcesses(this.#tag);
    }
  }
}

// vitest resolves `include` against `dir`, which may lie outside the package root.
function suiteSelection(internals: RunQualificationInternals): { dir: string; include: string[] } {
  const location = requireSuites(internals.suiteDir === undefined ? bundledSuites() : suitesIn(internals.suiteDir));
  const files = internals.suiteFiles;
  return { dir: location.dir, include: files === undefined ? [location.pattern] : files.map(location.fileFor) };
}

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

// What the run judges itself once the workers are done: the end-of-run re-observation of
// terminal evidence (skipped when interrupted), and why the run judged less, if it was interrupted.
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
