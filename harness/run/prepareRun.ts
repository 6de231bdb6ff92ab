// Everything a coding-operation run sets up before its first adapter call: the scratch directory,
// the sandbox, what the suite workers are given, and the subject's fingerprint.

import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fingerprintSdkSubject, fingerprintSubject, settleSubject } from '../../reports/fingerprintSubject.js';
import type { ReportSubject } from '../../reports/types.js';
import { locateTracer } from '../faults/strace.js';
import type { NormalizedRunOptions } from '../options/runOptions.js';
import { runSandboxRequest, sandboxNotice } from '../runSandboxRequest.js';
import type { QualifyProvidedContext } from '../suite/workerServices.js';
import { openRunSandbox, type SandboxRecord } from '../transport/sandbox/openRunSandbox.js';
import { enterSandboxContext } from '../transport/sandbox/sandboxPlan.js';
import { endThisThreadSpawner } from '../transport/spawner.js';
import { UsageError } from '../UsageError.js';
import type { RunWorkspace } from './qualificationRun.js';

/**
 * Options of a coding-operation run that no command-line flag reaches.
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

/** A run set up for its first call; {@link PreparedRun.close} ends what it opened. */
export interface PreparedRun {
  /** What every suite worker is given. */
  readonly provided: QualifyProvidedContext;
  /**
   * Fingerprints the subject again after the last call and settles it against the fingerprint taken
   * before the first: what changed meanwhile is state, not the subject.
   */
  settledSubject(): Promise<ReportSubject>;
  /** Ends the sandbox (killing and counting what is left in it) and returns its record; later calls return the same record. */
  closeSandbox(): SandboxRecord | undefined;
  /** Ends the sandbox if still open and leaves its context: the end of the run. */
  close(): void;
}

/**
 * The run's scratch directory (`ADAPTER_QUALIFY_SCRATCH`), inside its work directory.
 * @param workspace - the run's workspace
 */
export function runScratchDir(workspace: Pick<RunWorkspace, 'workDir'>): string {
  return join(workspace.workDir, 'scratch');
}

/**
 * Sets a run up: its scratch directory (bound writable into the sandbox, so made first), the
 * sandbox of a command subject, the workers' context and the subject's first fingerprint.
 * @param options - the run's options
 * @param workspace - the run's workspace
 * @param internals - options no flag reaches
 * @param onSandboxNotice - told which protections of the sandbox are missing or weaker, when any is
 * @throws UsageError under `--require-sandbox` when a protection is missing (the sandbox is closed first)
 */
export async function prepareRun(
  options: NormalizedRunOptions,
  workspace: RunWorkspace,
  internals: RunQualificationInternals,
  onSandboxNotice: ((line: string) => void) | undefined,
): Promise<PreparedRun> {
  const { subject } = options;
  const workDir = workspace.workDir;
  const scratchDir = runScratchDir(workspace);
  await mkdir(scratchDir, { recursive: true });
  const sandbox = subject.kind === 'command' ? openRunSandbox(runSandboxRequest(options, { tag: workspace.tag, workDir, scratchDir, staging: workspace.output.staging })) : null;
  const leaveSandbox = enterSandboxContext(sandbox?.plan ?? null);
  let record: SandboxRecord | undefined;
  const closeSandbox = (): SandboxRecord | undefined => {
    if (sandbox === null || record !== undefined) return record;
    endThisThreadSpawner();
    record = sandbox.close();
    return record;
  };
  const close = (): void => {
    closeSandbox();
    leaveSandbox();
  };
  try {
    if (sandbox !== null) {
      const notice = sandboxNotice(sandbox);
      if (notice !== null) onSandboxNotice?.(notice);
      if (options.sandbox === 'required' && sandbox.missing.length > 0) {
        throw new UsageError(`--require-sandbox: ${sandbox.missing.join('; ')}`, { option: '--require-sandbox' });
      }
    }
    const provided: QualifyProvidedContext = {
      options,
      runNonce: workspace.runNonce,
      workDir,
      scratchDir,
      ...(internals.endOnFailure === true ? { endOnFailure: true } : {}),
      ...(internals.propertyTimeLimitMs === undefined ? {} : { propertyTimeLimitMs: internals.propertyTimeLimitMs }),
      ...(subject.kind === 'command' ? { faultTracer: await locateTracer() } : {}),
    };
    const fingerprint = (): Promise<ReportSubject> =>
      subject.kind === 'command' ? fingerprintSubject(subject.config, subject.adapterCwd, options.subjectFiles) : fingerprintSdkSubject(subject);
    const before = await fingerprint();
    return { provided, settledSubject: async () => settleSubject(before, await fingerprint()), closeSandbox, close };
  } catch (error) {
    close();
    throw error;
  }
}
