import { buildReport, type AcceptanceReport } from '../reports/buildReport.js';
import type { ReportExitCode } from '../reports/types.js';
import { adapterDirectories } from '../reports/reportFiles.js';
import type { NormalizedRunOptions } from './options/runOptions.js';
import { buildFailureCases, writeFailureCases } from './replay/failureCases.js';
import { finishRun } from './run/finishRun.js';
import { type PreparedRun, prepareRun, runScratchDir, type RunQualificationInternals } from './run/prepareRun.js';
import { withRunWorkspace, writeAcceptance } from './run/qualificationRun.js';
import { codingOperationReportInput } from './run/reportInput.js';
import { type RunQualificationHooks, SuiteRun } from './run/SuiteRun.js';
import { writeShardEvidence } from './shard/shardEvidence.js';

export type { RunQualificationHooks } from './run/SuiteRun.js';
export type { RunQualificationInternals } from './run/prepareRun.js';
export { replayCommand } from './run/replayCommand.js';

/** What a finished run produced. */
export interface QualificationResult {
  readonly report: AcceptanceReport;
  readonly exitCode: ReportExitCode;
  readonly reportDir: string;
  /** The one-screen terminal summary. */
  readonly summary: string;
}

/**
 * Runs the conformance suites against one adapter and writes the acceptance report: prepare the
 * run, run the suites in vitest workers (they report evidence through `task.meta`), build the
 * report's input from what they found, write the outputs. Verdicts, transcript and files are all
 * decided here, after every worker is done.
 *
 * Before any adapter process starts, `--out` is checked and a fresh staging directory made inside
 * it; the finished report replaces the older one file by file. SIGINT or SIGTERM ends the run
 * early: its adapter processes are killed and the report of what was judged so far is written,
 * marked interrupted (exit code 4).
 *
 * @throws UsageError for an unusable `--out`, or when every call failed to spawn (nothing was judged)
 */
export async function runQualification(options: NormalizedRunOptions, hooks: RunQualificationHooks = {}, internals: RunQualificationInternals = {}): Promise<QualificationResult> {
  const setup = { outDir: options.outDir, adapterDirs: await adapterDirectories(options.subject), allowInAdapterDir: options.allowOutInAdapterDir };
  return withRunWorkspace({ ...setup, passEnv: options.adapterEnvironment.passNames, prefix: 'adapter-qualify-' }, async (workspace) => {
    const suites = new SuiteRun(options, workspace, runScratchDir(workspace), hooks);
    let prepared: PreparedRun | undefined;
    try {
      prepared = await prepareRun(options, workspace, internals, hooks.onSandboxNotice);
      const evidence = await suites.run(prepared.provided, internals);
      const finished = await finishRun(workspace, prepared, evidence, suites.signal);
      const subject = await prepared.settledSubject();
      const input = codingOperationReportInput({ options, startedAt: workspace.startedAt, finishedAt: new Date(), subject, evidence, finished, signal: suites.signal });
      const report = buildReport(input);
      const summary = await writeAcceptance(report, workspace, options.outDir);
      // Every FAIL as a replayable case (`adapter-qualify replay <report-dir>`).
      await writeFailureCases(buildFailureCases(report, finished.collected.metas, options), workspace.output.staging, finished.sentRequests);
      if (options.shard !== null) await writeShardEvidence(input, workspace.output.staging);
      return { report, exitCode: report.exitCode, reportDir: options.outDir, summary };
    } finally {
      suites.dispose();
      prepared?.close();
    }
  });
}
