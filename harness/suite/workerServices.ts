import { inject } from 'vitest';
import { AdmissionBudget, CallPace, UnresponsiveBreaker } from './callPacing.js';
import { OperationIds } from '../model/OperationIds.js';
import { TranscriptWriter } from '../transcript/TranscriptWriter.js';
import { TerminalEvidenceLog } from './TerminalEvidenceLog.js';
import type { NormalizedRunOptions } from '../options/runOptions.js';
import { CommandTransport } from '../transport/runAdapterCall.js';
import { SdkTransport } from '../transport/SdkTransport.js';
import type { QualifyTestMeta } from '../evidence/types.js';
import type { TracerStatus } from '../faults/strace.js';

/** Per-worker services shared by every test the worker runs. */
export interface WorkerServices {
  readonly provided: QualifyProvidedContext;
  /** How calls reach the subject, chosen once per worker from the run's subject. */
  readonly transport: CommandTransport | SdkTransport;
  readonly transcript: TranscriptWriter;
  readonly breaker: UnresponsiveBreaker;
  readonly budget: AdmissionBudget;
  readonly ids: OperationIds;
  readonly terminals: TerminalEvidenceLog;
  /** The subject's answer time as this worker's calls saw it; properties' time limits follow it. */
  readonly pace: CallPace;
}

let services: WorkerServices | undefined;

/** The worker's services, created on first use from the run's provided context. */
export function workerServices(): WorkerServices {
  if (services !== undefined) return services;
  const provided = inject('qualify');
  const { options } = provided;
  services = {
    provided,
    transport: transportFor(options, provided.scratchDir),
    transcript: new TranscriptWriter(provided.workDir, { keepStderr: options.keepStderr }),
    breaker: new UnresponsiveBreaker(provided.workDir),
    budget: new AdmissionBudget(provided.workDir, options.maxSubmits),
    ids: new OperationIds(provided.runNonce),
    terminals: new TerminalEvidenceLog(provided.workDir),
    pace: new CallPace(),
  };
  return services;
}

// The scratch directory reaches an adapter process through its environment; an
// in-process SDK reads the same variable from this worker's environment.
export function transportFor(options: NormalizedRunOptions, scratchDir: string): CommandTransport | SdkTransport {
  const subject = options.subject;
  if (subject.kind === 'sdk') {
    process.env['ADAPTER_QUALIFY_SCRATCH'] = scratchDir;
    return new SdkTransport(subject.modulePath);
  }
  return new CommandTransport({
    executable: subject.config.executable,
    argvPrefix: subject.config.argvPrefix,
    cwd: subject.adapterCwd,
    env: { ADAPTER_QUALIFY_SCRATCH: scratchDir },
    environment: options.adapterEnvironment,
  });
}

/**
 * What the CLI hands every suite worker through vitest's `provide`/`inject`:
 * plain JSON, fixed for the whole run.
 */
export interface QualifyProvidedContext {
  readonly options: NormalizedRunOptions;
  /** Random per run (not derived from the seed), so operation IDs never collide across runs on a persistent ledger. */
  readonly runNonce: string;
  /** Per-run working directory: transcript parts, shared budgets, markers. Removed after the run. */
  readonly workDir: string;
  /** Exported to the adapter as `ADAPTER_QUALIFY_SCRATCH`: a fresh directory it may use (the reference adapter keeps its ledger there). */
  readonly scratchDir: string;
  /**
   * Properties stop at their first failing case instead of shrinking it
   * (fast-check's `endOnFailure`). Internal: self-check only needs the verdict,
   * and shrinking a crash or pause case costs minutes. @defaultValue false
   */
  readonly endOnFailure?: boolean;
  /** Wall-clock budget of each property, shortened by tests. @defaultValue `PROPERTY_TIME_LIMIT_MS` */
  readonly propertyTimeLimitMs?: number;
  /**
   * How this run injects faults, probed once by the run for an adapter command, so every worker
   * uses the same method and none waits for a probe of its own. @defaultValue each worker probes (`locateTracer`)
   */
  readonly faultTracer?: TracerStatus;
}

declare module 'vitest' {
  export interface ProvidedContext {
    qualify: QualifyProvidedContext;
  }
}

declare module '@vitest/runner' {
  interface TaskMeta {
    qualify?: QualifyTestMeta;
  }
}
