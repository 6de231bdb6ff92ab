// What every qualification run shares, whatever its profile: a staging directory inside `--out`
// and a work directory for the length of the run, the marker its processes carry, the head of the
// report's `run` block, and the writing of the report.

import { randomBytes } from 'node:crypto';
import { dir as temporaryDirectory } from 'tmp-promise';
import { OutputDirectory, writeReportFiles } from '../../reports/reportFiles.js';
import { renderSummary } from '../../reports/renderSummary.js';
import type { AcceptanceReport, ReportEnvironment, ReportRun, ReportSuite } from '../../reports/types.js';
import { packageVersion } from '../packageRoot.js';
import { enterRunContext } from '../transport/containment/environment.js';
import { ensureLauncher } from '../transport/containment/launcher.js';

/** Where a run's files and processes live while it runs. */
export interface RunWorkspace {
  /** When the run began (before `--out` was checked). */
  readonly startedAt: Date;
  /** The staging directory inside `--out`: committed when the run returns, discarded when it throws. */
  readonly output: OutputDirectory;
  /** The run's own temporary directory, removed when it ends. */
  readonly workDir: string;
  /** Random per run; part of {@link RunWorkspace.tag}. */
  readonly runNonce: string;
  /** The marker every process the run's calls start carries, so the end of the run finds them all. */
  readonly tag: string;
}

/** How a run's workspace is made. */
export interface RunWorkspaceSetup {
  /** `--out`. */
  readonly outDir: string;
  /** The subject's own directories, which `--out` may not lie in unless `allowInAdapterDir`. */
  readonly adapterDirs: readonly string[];
  readonly allowInAdapterDir: boolean;
  /** Names of the suite's environment variables the subject receives (`--pass-env`). */
  readonly passEnv: readonly string[];
  /** Prefix of the work directory's name. */
  readonly prefix: string;
}

/**
 * Runs `body` inside a fresh workspace: `--out` is checked and a staging directory made in it
 * before any process starts (a usage error otherwise), then the work directory and the run's
 * process marker. What `body` returns is committed to `--out`; a throw discards the staging
 * directory. The work directory goes either way.
 * @param setup - where the run writes and what its processes receive
 * @param body - the run itself
 * @throws UsageError for an unusable `--out`; whatever `body` throws
 */
export async function withRunWorkspace<T>(setup: RunWorkspaceSetup, body: (workspace: RunWorkspace) => Promise<T>): Promise<T> {
  const startedAt = new Date();
  const output = await OutputDirectory.prepare(setup.outDir, { adapterDirs: [...setup.adapterDirs], allowInAdapterDir: setup.allowInAdapterDir });
  const work = await temporaryDirectory({ prefix: setup.prefix, unsafeCleanup: true });
  // Built once here, so workers find it compiled; its tag lets the end of the run find every process its calls left.
  ensureLauncher();
  const runNonce = randomBytes(4).toString('hex');
  const tag = `aq-run-${process.pid}-${runNonce}`;
  const leaveRunContext = enterRunContext(tag, setup.passEnv);
  try {
    const result = await body({ startedAt, output, workDir: work.path, runNonce, tag });
    await output.commit();
    return result;
  } catch (error) {
    await output.discard();
    throw error;
  } finally {
    leaveRunContext();
    await work.cleanup();
  }
}

/** The options every profile records at the head of the report's `run` block. */
export interface RecordedRunHead {
  readonly seed: number;
  readonly runs: number;
  readonly strict: boolean;
  readonly strictShould: boolean;
  readonly only: string | null;
}

/** The parts of a report that say which suite ran where, and the head of its `run` block. */
export interface ReportHead {
  readonly suite: ReportSuite;
  readonly environment: ReportEnvironment;
  readonly run: Pick<ReportRun, 'seed' | 'runs' | 'startedAt' | 'finishedAt' | 'strict' | 'strictShould' | 'only'>;
}

/**
 * The suite, the environment and the head of the `run` block of a report (pure but for the
 * process's own platform).
 * @param options - the run's options
 * @param startedAt - when the run began
 * @param finishedAt - when its evidence was complete
 */
export function reportHead(options: RecordedRunHead, startedAt: Date, finishedAt: Date): ReportHead {
  return {
    suite: { name: 'adapter-qualify', version: packageVersion },
    environment: { node: process.version, platform: process.platform, arch: process.arch },
    run: {
      seed: options.seed,
      runs: options.runs,
      startedAt: startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
      strict: options.strict,
      strictShould: options.strictShould,
      only: options.only,
    },
  };
}

/**
 * Writes the report's files (`acceptance.json` and its renderings) into the staging directory.
 * @param report - the built report
 * @param workspace - the run's
 * @param outDir - `--out`, as the summary names it
 * @returns the one-screen terminal summary
 */
export async function writeAcceptance(report: AcceptanceReport, workspace: RunWorkspace, outDir: string): Promise<string> {
  await writeReportFiles(report, workspace.output.staging);
  return renderSummary(report, outDir);
}
