// The reports of a coding-operation run that a signal ended before any test was judged (during the CLI's
// start-up) or whose full report was not written in time (the watchdog's emergency report): minimal,
// schema-valid, marked interrupted, every clause left open, nothing booked against the adapter.

import { buildReport } from '../reports/buildReport.js';
import { adapterDirectories, OutputDirectory, writeReportFilesSync } from '../reports/reportFiles.js';
import { renderSummary } from '../reports/renderSummary.js';
import type { AcceptanceReport, ReportRun } from '../reports/types.js';
import { notApplicableClauses } from './notApplicableClauses.js';
import type { NormalizedRunOptions } from './options/runOptions.js';
import { subjectAuthorityId } from './options/runOptions.js';
import { packageVersion } from './packageRoot.js';
import type { EmergencyReport, InterruptSignal } from './runInterruption.js';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

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
