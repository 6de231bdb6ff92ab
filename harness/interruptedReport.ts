// The reports of interrupted runs, marked interrupted (exit code 4), nothing booked against the subject that
// the suite itself ended. A coding-operation run that a signal ended before any test was judged (during the
// CLI's start-up) or whose full report was not written in time (the watchdog's emergency report) gets a
// minimal one, every clause left open. An ACP or manifest run writes its report from what finished before the signal.

import { buildReport } from '../reports/buildReport.js';
import { adapterDirectories, OutputDirectory, writeReportFilesSync } from '../reports/reportFiles.js';
import { renderSummary } from '../reports/renderSummary.js';
import type { AcceptanceReport, ReportRun } from '../reports/types.js';
import { notApplicableClauses } from './notApplicableClauses.js';
import type { NormalizedRunOptions } from './options/runOptions.js';
import { recordedRunOptions, subjectAuthorityId } from './options/runOptions.js';
import { packageVersion } from './packageRoot.js';
import type { EmergencyReport, InterruptSignal } from './runInterruption.js';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildAcpReport } from '../reports/acp/buildAcpReport.js';
import type { AcpEvidence, AcpFailureEvidence } from './acp/AcpCase.js';
import type { AcpRunOptions } from './acp/acpRunOptions.js';
import { agentEnvironment } from './acp/acpConfig.js';
import { SecretMask } from './evidence/SecretMask.js';
import { describeError } from './UsageError.js';
import { sweepRunProcesses } from './transport/containment/sweep.js';
import { catchingInterrupts, caughtSignal, INTERRUPT_SIGNALS, INTERRUPTED_EXIT_CODE } from './runInterruption.js';

/**
 * Why an interrupted run's open clauses are open (its suite error).
 * @param signal - the signal that ended the run
 * @param judged - whether tests that finished before the signal are judged in the report
 * @internal
 */
export function interruptedRunError(signal: InterruptSignal, judged: boolean): string {
  return judged
    ? `the run was interrupted by ${signal}: its adapter processes were killed, and only the tests that finished before the signal are judged (a call the suite ended is no evidence)`
    : `the run was interrupted by ${signal} before any test was judged: every clause is left open, none is judged`;
}

/**
 * Pure: the minimal interrupted report of a coding-operation run: no evidence, every clause open, the subject
 * as configured (its files are not read: an interrupted run is due at once), exit code 4.
 * @param options - the run's options
 * @param signal - the signal that ended it
 * @param startedAt - when the run began
 * @internal
 */
export function minimalInterruptedReport(options: NormalizedRunOptions, signal: InterruptSignal, startedAt: Date): AcceptanceReport {
  const { subject } = options;
  const run: ReportRun = {
    seed: options.seed,
    runs: options.runs,
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    strict: options.strict,
    strictShould: options.strictShould,
    only: options.only,
    options: recordedRunOptions(options),
    interrupted: signal,
  };
  return buildReport({
    profile: 'coding-operation.v1',
    metas: [],
    failedTests: [],
    unhandledErrors: [interruptedRunError(signal, false)],
    filteredOut: options.only !== null,
    notApplicable: notApplicableClauses(subject.kind),
    subject: {
      config: subject.kind === 'command' ? subject.config : { sdk: subject.modulePath, authorityId: subject.authorityId },
      executableSha256: null,
      argvFileSha256s: [],
      authorityId: subjectAuthorityId(subject),
    },
    suite: { name: 'adapter-qualify', version: packageVersion },
    environment: { node: process.version, platform: process.platform, arch: process.arch },
    run,
    // No evidence, so no FAIL to replay.
    replayCommand: () => '',
    expectedFailures: options.expectedFailures,
    shard: options.shard,
  });
}

/**
 * The watchdog's report for a run whose output directory is prepared: the minimal interrupted
 * report replaces whatever the full writer staged (its `failures/` cases too: the minimal report
 * judges nothing), and is put in place at once. Null once the full report is in place.
 * @param options - the run's options
 * @param output - the run's prepared output directory
 * @param startedAt - when the run began
 * @internal
 */
export function emergencyReportOf(options: NormalizedRunOptions, output: OutputDirectory, startedAt: Date): EmergencyReport {
  return (signal) => {
    const report = minimalInterruptedReport(options, signal, startedAt);
    rmSync(join(output.staging, 'failures'), { recursive: true, force: true });
    try {
      writeReportFilesSync(report, output.staging);
    } catch (error) {
      // The staging directory is gone: the full report was put in place (or the run discarded it).
      if (!output.commitSync()) return null;
      throw error;
    }
    return output.commitSync() ? options.outDir : null;
  };
}

/**
 * `run` interrupted before the suite started (a signal during the CLI's start-up): `--out` is checked
 * as for any run, and the minimal interrupted report written there; no adapter process is started.
 * @param options - the run's options
 * @param signal - the signal caught during start-up
 * @param startedAt - when the CLI began the run
 * @throws UsageError for an unusable `--out`
 * @internal
 */
export async function reportInterruptedAtStart(
  options: NormalizedRunOptions,
  signal: InterruptSignal,
  startedAt: Date,
): Promise<{ readonly report: AcceptanceReport; readonly exitCode: AcceptanceReport['exitCode']; readonly summary: string }> {
  const output = await OutputDirectory.prepare(options.outDir, {
    adapterDirs: await adapterDirectories(options.subject),
    allowInAdapterDir: options.allowOutInAdapterDir,
  });
  const report = minimalInterruptedReport(options, signal, startedAt);
  try {
    writeReportFilesSync(report, output.staging);
    output.commitSync();
  } catch (error) {
    await output.discard();
    throw error;
  }
  return { report, exitCode: report.exitCode, summary: renderSummary(report, options.outDir) };
}

/** An ACP run under way, as its interruption needs it. */
export interface AcpRunUnderWay {
  readonly options: AcpRunOptions;
  readonly output: OutputDirectory;
  /** The run's process tag (every agent process of the run carries it). */
  readonly tag: string;
  readonly startedAt: Date;
  /** The case runner's counts so far. */
  readonly runner: { readonly agentsStarted: number; readonly startupMs: number; readonly caseMs: number };
  /** The evidence of the cases finished so far (a case in flight adds its own only once it ends). */
  readonly evidence: readonly AcpEvidence[];
  /** A case's replay command. */
  readonly replayCommand: (failure: AcpFailureEvidence) => string;
}

/** A run under way, as its interruption needs it: where its report goes and how to write it at once. */
export interface RunUnderWay {
  readonly output: OutputDirectory;
  /** The run's process tag (every subject process of the run carries it). */
  readonly tag: string;
  /**
   * Writes the interrupted report (marked interrupted, exit code 4) into the staging directory and commits
   * it, synchronously; says where it went, or why it could not be written.
   */
  readonly writeInterrupted: (signal: InterruptSignal) => string;
}

let underWay: RunUnderWay | null = null;
let listening = false;

/**
 * From here to the end of `run`, SIGINT and SIGTERM end the run at once: its subject processes are
 * killed, the report of what was judged before the signal is written and the process exits with exit
 * code 4. A signal the CLI caught earlier (its start-up) does the same now. Only in the CLI's own `run`:
 * inside another program (self-check, a library caller), the signal is that program's to handle.
 * @param run - the run under way
 * @internal
 */
export function interruptRunOnSignal(run: RunUnderWay): void {
  if (!catchingInterrupts()) return;
  underWay = run;
  if (!listening) {
    listening = true;
    for (const signal of INTERRUPT_SIGNALS) process.on(signal, onRunSignal);
  }
  const early = caughtSignal();
  if (early !== null) onRunSignal(early);
}

function onRunSignal(signal: NodeJS.Signals): void {
  const run = underWay;
  underWay = null;
  // A run whose report is already in place (or discarded) owes nothing.
  if (run === null || !existsSync(run.output.staging)) return;
  sweepRunProcesses(run.tag);
  process.stderr.write(`adapter-qualify: interrupted by ${signal}: ${run.writeInterrupted(signal as InterruptSignal)}\n`);
  process.exit(INTERRUPTED_EXIT_CODE);
}

/**
 * An ACP run: the report holds the cases finished before the signal (the case in flight, whose agent the
 * suite ended, counts for nothing). See {@link interruptRunOnSignal}.
 * @param run - the run under way
 * @internal
 */
export function interruptAcpRunOnSignal(run: AcpRunUnderWay): void {
  interruptRunOnSignal({ output: run.output, tag: run.tag, writeInterrupted: (signal) => writeInterruptedAcpReport(run, signal, [...run.evidence]) });
}

function writeInterruptedAcpReport(run: AcpRunUnderWay, signal: InterruptSignal, judged: readonly AcpEvidence[]): string {
  const { options } = run;
  const config = options.loaded.config;
  try {
    const report = buildAcpReport({
      evidence: SecretMask.fromProcess().maskDeep(judged),
      suiteErrors: [interruptedRunError(signal, true)],
      subject: { config: options.loaded.written as never, executableSha256: null, argvFileSha256s: [], authorityId: null },
      suite: { name: 'adapter-qualify', version: packageVersion },
      environment: { node: process.version, platform: process.platform, arch: process.arch },
      run: {
        seed: options.seed,
        runs: options.runs,
        startedAt: run.startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        strict: options.strict,
        strictShould: options.strictShould,
        only: options.only,
        options: { timeoutMs: options.bootstrapTimeoutMs },
        interrupted: signal,
        acp: {
          agentProcesses: run.runner.agentsStarted,
          startupMs: Math.round(run.runner.startupMs),
          caseMs: Math.max(0, Math.round(run.runner.caseMs - run.runner.startupMs)),
          frameBytes: options.frameBytes,
          bootstrapTimeoutMs: options.bootstrapTimeoutMs,
          inactivityMs: options.inactivityMs,
          environment: Object.keys(agentEnvironment(config, '/')).sort(),
          command: [config.executable, ...config.argv],
          survivorsKilled: null,
        },
      },
      filteredOut: options.only !== null,
      replayCommand: run.replayCommand,
    });
    return writeInterruptedReport(report as unknown as AcceptanceReport, run.output, options.outDir);
  } catch (error) {
    return `the interrupted report could not be written: ${describeError(error)}`;
  }
}

/**
 * Writes an interrupted run's report into the staging directory and puts it in place, synchronously.
 * @param report - the report, marked interrupted
 * @param output - the run's output directory
 * @param outDir - `--out`, as the user gave it
 * @returns where the report went, or why it could not be written
 * @internal
 */
export function writeInterruptedReport(report: AcceptanceReport, output: OutputDirectory, outDir: string): string {
  try {
    writeReportFilesSync(report, output.staging);
    output.commitSync();
    return `the report of what was judged before the signal is in ${outDir} (exit code ${report.exitCode})`;
  } catch (error) {
    return `the interrupted report could not be written: ${describeError(error)}`;
  }
}
