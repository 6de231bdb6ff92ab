import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildAcpReport, type AcpAcceptanceReport } from '../reports/acp/buildAcpReport.js';
import type { AcceptanceReport, ReportExitCode } from '../reports/types.js';
import { interruptAcpRunOnSignal } from './interruptedReport.js';
import { SecretMask } from './evidence/SecretMask.js';
import { packageRoot } from './packageRoot.js';
import { sweepRunProcesses } from './transport/containment/sweep.js';
import type { AcpFailureEvidence, AcpSuite } from './acp/AcpCase.js';
import { acpReplayCommand, buildAcpFailureCases, writeAcpFailureCases } from './replay/acpFailureCases.js';
import { writeAcpRunEvidence } from '../reports/acp/mergeAcpRuns.js';
import { AcpTranscript } from './acp/AcpTranscript.js';
import { acpSandboxRequest, MODEL_STUB_NETWORK_REASON } from './run/acpSandboxRequest.js';
import { sandboxNotice } from './runSandboxRequest.js';
import { openRunSandbox, type RunSandbox, type SandboxRecord } from './transport/sandbox/openRunSandbox.js';
import { enterSandboxContext } from './transport/sandbox/sandboxPlan.js';
import { UsageError } from './UsageError.js';
import type { AcpRunOptions } from './acp/acpRunOptions.js';
import { AcpCaseRunner } from './run/AcpCaseRunner.js';
import { acpReportInput } from './run/acpReportInput.js';
import { fingerprintAcpSubject, settleSubject } from '../reports/fingerprintSubject.js';
import type { ReportSubject } from '../reports/types.js';
import type { JsonValue } from './protocol/canonicalJson.js';
import { transcriptDigest } from './transcript/transcriptDigest.js';
import { withRunWorkspace, writeAcceptance } from './run/qualificationRun.js';

/** What an ACP run produced. */
export interface AcpQualificationResult {
  readonly report: AcpAcceptanceReport;
  readonly exitCode: ReportExitCode;
  readonly summary: string;
}

export { FULL_CLIENT_CAPABILITIES } from './run/AcpCaseRunner.js';

/**
 * Loads the ACP suites: `suites/acp/*.suite.ts` from source, `dist/suites/acp/*.suite.js` when compiled.
 * @internal
 */
export async function loadAcpSuites(): Promise<readonly AcpSuite[]> {
  const compiled = fileURLToPath(import.meta.url).endsWith('.js');
  const dir = compiled ? join(packageRoot, 'dist', 'suites', 'acp') : join(packageRoot, 'suites', 'acp');
  const extension = compiled ? '.suite.js' : '.suite.ts';
  const names = (await readdir(dir)).filter((name) => name.endsWith(extension)).sort();
  const suites: AcpSuite[] = [];
  for (const name of names) {
    const module = (await import(pathToFileURL(join(dir, name)).href)) as { readonly acpSuite?: AcpSuite };
    if (module.acpSuite === undefined) throw new Error(`${name} exports no acpSuite`);
    suites.push(module.acpSuite);
  }
  return suites;
}

/**
 * Qualifies one ACP agent: runs every selected case (one shared agent process for the cases
 * that allow it, fresh ones where a case needs them), each agent in a sandbox of its own of the
 * run's kind (unless `--no-sandbox` or the kernel refuses), then writes the acceptance report,
 * `transcript.jsonl` beside it. No process of the agent outlives the run.
 * @param options - normalized options
 * @param onSandboxNotice - told which protections of the sandbox are missing or weaker, when any is
 * @throws UsageError for an unusable `--out`, or under `--require-sandbox` when a protection is missing
 */
export async function runAcpQualification(options: AcpRunOptions, onSandboxNotice?: (line: string) => void): Promise<AcpQualificationResult> {
  const setup = { outDir: options.outDir, adapterDirs: [], allowInAdapterDir: true, passEnv: options.loaded.config.passEnv, prefix: 'adapter-qualify-acp-' };
  return withRunWorkspace(setup, async (workspace) => {
    const agentRoots = join(workspace.workDir, 'agents');
    await mkdir(agentRoots, { mode: 0o700 });
    const sandbox = openAgentSandbox(
      options,
      openRunSandbox(acpSandboxRequest(options, { tag: workspace.tag, workDir: workspace.workDir, agentRoots, staging: workspace.output.staging })),
      agentRoots,
    );
    const leaveSandbox = enterSandboxContext(sandbox.plan);
    let sandboxRecord: SandboxRecord | undefined;
    const closeSandbox = (): SandboxRecord => (sandboxRecord ??= sandbox.close());
    const transcript = new AcpTranscript(join(workspace.output.staging, 'transcript.jsonl'));
    try {
      const notice = sandboxNotice(sandbox);
      if (notice !== null) onSandboxNotice?.(notice);
      if (options.sandbox === 'required' && sandbox.missing.length > 0) throw new UsageError(`--require-sandbox: ${sandbox.missing.join('; ')}`, { option: '--require-sandbox' });
      const filter = options.only === null ? null : new RegExp(options.only);
      const cases = (await loadAcpSuites()).flatMap((suite) => suite.cases).filter((entry) => filter === null || filter.test(entry.name));
      const { config, written } = options.loaded;
      const fingerprint = (): Promise<ReportSubject> => fingerprintAcpSubject(written as JsonValue, config.executable, config.argv);
      const before = await fingerprint();
      const runner = new AcpCaseRunner(options, agentRoots, transcript);
      const { output, tag, startedAt } = workspace;
      interruptAcpRunOnSignal({ options, output, tag, startedAt, runner, evidence: runner.judged, replayCommand: (failure) => acpReplayCommand(options, failure) });
      const outcome = await runner.runAll(cases);
      const record = closeSandbox();
      const sweep = sweepRunProcesses(workspace.tag);
      const subject = settleSubject(before, await fingerprint());
      await transcript.close();
      const transcriptFile = await transcriptDigest(join(workspace.output.staging, 'transcript.jsonl'));
      const masked = { ...outcome, evidence: SecretMask.fromProcess().maskDeep(outcome.evidence) };
      const replayCommand = (failure: AcpFailureEvidence): string => acpReplayCommand(options, failure);
      const input = acpReportInput({
        options,
        startedAt: workspace.startedAt,
        finishedAt: new Date(),
        outcome: masked,
        survivorsKilled: sweep.killed,
        replayCommand,
        subject,
        transcript: transcriptFile,
      });
      const report = buildAcpReport({ ...input, run: { ...input.run, sandbox: record } });
      // The renderers read the report's JSON shape, which the extended schema checks on write.
      const summary = await writeAcceptance(report as unknown as AcceptanceReport, workspace, options.outDir);
      await writeAcpFailureCases(buildAcpFailureCases(report, masked.evidence, options), workspace.output.staging);
      await writeAcpRunEvidence(workspace.output.staging, masked.evidence, masked.suiteErrors, options.only !== null, replayCommand);
      return { report, exitCode: report.exitCode, summary };
    } catch (error) {
      await transcript.close();
      throw error;
    } finally {
      closeSandbox();
      leaveSandbox();
      sweepRunProcesses(workspace.tag);
    }
  });
}

/**
 * The run's sandbox as the agents get it: each agent may write only its own directory under
 * `agentRoots` (bound per agent, so the record names it); with a model stub, the host's network is
 * kept (the request asked for it) and the record says so among what is weaker, unless `--allow-network` asked anyway.
 */
function openAgentSandbox(options: AcpRunOptions, sandbox: RunSandbox, agentRoots: string): RunSandbox {
  if (sandbox.plan === null) return sandbox;
  const weaker = options.allowNetwork || options.loaded.config.model === null ? sandbox.weaker : [...sandbox.weaker, MODEL_STUB_NETWORK_REASON];
  const ownDirectories = `${join(agentRoots, 'agent-*')} (each agent its own directory: its HOME, working directory and session roots)`;
  return {
    ...sandbox,
    weaker,
    close: () => {
      const record = sandbox.close();
      // Without a view of its own (unshare), nothing is listed writable: everything the uid may write is.
      return { ...record, weaker, writable: record.writable.length === 0 ? record.writable : [ownDirectories, ...record.writable] };
    },
  };
}
