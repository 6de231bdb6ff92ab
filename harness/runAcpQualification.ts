import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildAcpReport, type AcpAcceptanceReport } from '../reports/acp/buildAcpReport.js';
import type { AcceptanceReport } from '../reports/types.js';
import { SecretMask } from './evidence/SecretMask.js';
import { packageRoot } from './packageRoot.js';
import { shellQuote } from './quoting.js';
import { sweepRunProcesses } from './transport/containment/sweep.js';
import type { AcpSuite } from './acp/AcpCase.js';
import { AcpTranscript } from './acp/AcpTranscript.js';
import type { AcpRunOptions } from './acp/acpRunOptions.js';
import { AcpCaseRunner } from './run/AcpCaseRunner.js';
import { acpReportInput } from './run/acpReportInput.js';
import { withRunWorkspace, writeAcceptance } from './run/qualificationRun.js';

/** What an ACP run produced. */
export interface AcpQualificationResult {
  readonly report: AcpAcceptanceReport;
  readonly exitCode: 0 | 1 | 3;
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
 * that allow it, fresh ones where a case needs them), then writes the acceptance report,
 * `transcript.jsonl` beside it. No process of the agent outlives the run.
 * @param options - normalized options
 * @throws UsageError for an unusable `--out`
 */
export async function runAcpQualification(options: AcpRunOptions): Promise<AcpQualificationResult> {
  const setup = { outDir: options.outDir, adapterDirs: [], allowInAdapterDir: true, passEnv: options.loaded.config.passEnv, prefix: 'adapter-qualify-acp-' };
  return withRunWorkspace(setup, async (workspace) => {
    const transcript = new AcpTranscript(join(workspace.output.staging, 'transcript.jsonl'));
    try {
      const filter = options.only === null ? null : new RegExp(options.only);
      const cases = (await loadAcpSuites()).flatMap((suite) => suite.cases).filter((entry) => filter === null || filter.test(entry.name));
      const outcome = await new AcpCaseRunner(options, workspace.workDir, transcript).runAll(cases);
      const sweep = sweepRunProcesses(workspace.tag);
      await transcript.close();
      const masked = { ...outcome, evidence: SecretMask.fromProcess().maskDeep(outcome.evidence) };
      const replayCommand = (caseName: string): string => acpReplayCommand(options, caseName);
      const report = buildAcpReport(acpReportInput({ options, startedAt: workspace.startedAt, finishedAt: new Date(), outcome: masked, survivorsKilled: sweep.killed, replayCommand }));
      // The renderers read the report's JSON shape, which the extended schema checks on write.
      const summary = await writeAcceptance(report as unknown as AcceptanceReport, workspace, options.outDir);
      return { report, exitCode: report.exitCode, summary };
    } catch (error) {
      await transcript.close();
      throw error;
    } finally {
      sweepRunProcesses(workspace.tag);
    }
  });
}

/**
 * The command that re-runs exactly one case with the same seed and bounds.
 * @param options - the run's options
 * @param caseName - the case's full name
 */
export function acpReplayCommand(options: AcpRunOptions, caseName: string): string {
  const anchored = `^${caseName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
  const words = ['npx', 'adapter-qualify', 'run', options.configArg, '--seed', String(options.seed), '--runs', String(options.runs), '--only', anchored];
  if (options.bootstrapTimeoutMs !== 30_000) words.push('--bootstrap-timeout-ms', String(options.bootstrapTimeoutMs));
  if (options.inactivityMs !== 60_000) words.push('--inactivity-ms', String(options.inactivityMs));
  return words.map(shellQuote).join(' ');
}
