import { type DurableStep, durableSteps, ordinalWord } from './durableSteps.js';
import { closeSync, constants, fstatSync, mkdtempSync, openSync, readFileSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseStraceLog, type StraceLog } from './strace.js';
import { faultInLog, stepTracerArgv, type StepTracer } from './stepTracer.js';
import type { CallRecord } from '../transport/callRecord.js';
import { runAdapterCall } from '../transport/runAdapterCall.js';
import { currentSandboxPlan } from '../transport/sandbox/sandboxPlan.js';
import type { CallBounds, CallInput, CommandTarget } from '../transport/OperationTransport.js';

/** Time added to a traced call's deadline, on top of doubling it: the tracer's overhead is not the adapter's. */
export const TRACER_ALLOWANCE_MS = 5_000;

/**
 * The deadline a traced call runs under: the tracer slows every traced
 * syscall, so a traced call's duration is never judged against the adapter's
 * deadline; only the answer (or the injected fault) of a traced call counts.
 * @param timeoutMs - the adapter's deadline
 */
export function tracedTimeoutMs(timeoutMs: number): number {
  return Math.min(600_000, timeoutMs * 2 + TRACER_ALLOWANCE_MS);
}

/** Where an injection landed, read back from the traced call's own log. */
export interface InjectionSite {
  /** Whether it landed where planned: after exactly the steps before the planned one (a kill), or right after it (a stop). */
  readonly onTarget: boolean;
  /** The last durable step that ran before the fault, or null when none did. */
  readonly step: DurableStep | null;
  /**
   * The point in words: a stop's `link("…/.admission.json.….tmp", "…/admission.json"), 4th of 8 durable steps`,
   * a kill's `before the 5th of 8 durable steps (after link(…))`.
   */
  readonly description: string;
}

/** A traced run's log, read once the call ended. */
export interface TracedRun {
  /** Everything logged. */
  readonly log: StraceLog;
  /** What the step tracer did, and what had been logged when it did; null when it did nothing (or only recorded). */
  readonly fault: { readonly kind: 'kill' | 'stop'; readonly after: number; readonly before: StraceLog } | null;
}

/**
 * One traced run of an adapter call: a private log file, the argv wrapper that
 * writes it, and the reading of it once the call ended.
 * @internal
 */
export class TraceSession {
  readonly #dir: string;
  readonly #log: string;
  readonly #argv: (logFile: string, argv: readonly string[]) => [string, ...string[]];

  /** @param tracedArgv - the argv that runs an adapter argv under a tracer writing to `logFile` */
  constructor(tracedArgv: (logFile: string, argv: readonly string[]) => [string, ...string[]]) {
    // In a run's sandbox the tracer runs inside it, so its log goes where both sides see it.
    this.#dir = mkdtempSync(join(currentSandboxPlan()?.exchangeDir ?? tmpdir(), 'adapter-qualify-trace-'));
    this.#log = join(this.#dir, 'trace.log');
    this.#argv = tracedArgv;
  }

  /** The argv hook for `runAdapterCall`. */
  readonly wrapArgv = (argv: readonly string[]): [string, ...string[]] => this.#argv(this.#log, argv);

  /** Reads the log (once the call's process group has ended) and removes it. */
  finish(): TracedRun {
    let text = '';
    try {
      text = readLogFile(this.#log);
    } catch {
      // the tracer never started: no log
    } finally {
      rmSync(this.#dir, { recursive: true, force: true });
    }
    const fault = faultInLog(text);
    const log = parseStraceLog(text);
    if (fault === null) return { log, fault: null };
    return { log, fault: { kind: fault.signal === 'SIGKILL' ? 'kill' : 'stop', after: fault.after, before: parseStraceLog(text.slice(0, fault.offset)) } };
  }
}

/**
 * Where the step tracer's fault landed: it is on target when the tracer acted
 * after as many durable steps as planned (for a kill, the steps before the
 * planned one; for a stop, the planned one too) and this module, reading the
 * tracer's log, counts the same steps (the last of a stop being the planned syscall).
 * @param run - the faulted run's log
 * @param planned - the recorded step the fault was planned at
 * @param of - how many durable steps the recorded call had
 * @param kind - a kill (before the step) or a stop (after it)
 */
export function injectionSite(run: TracedRun, planned: Pick<DurableStep, 'syscall' | 'index' | 'description'>, of: number, kind: 'kill' | 'stop'): InjectionSite {
  const expected = kind === 'kill' ? planned.index - 1 : planned.index;
  if (run.fault === null) {
    const ran = durableSteps(run.log).length;
    return { onTarget: false, step: null, description: `nothing: the call ended after ${ran} durable step${ran === 1 ? '' : 's'}, before the fault point` };
  }
  const { after } = run.fault;
  const steps = durableSteps(run.fault.before);
  const last = steps.at(-1) ?? null;
  const agreed = steps.length === after;
  const onTarget = agreed && after === expected && (kind === 'kill' || last?.syscall === planned.syscall);
  const counted = agreed ? '' : ` (the tracer counted ${after}, its log shows ${steps.length})`;
  if (kind === 'stop') {
    const where = last === null ? 'before any durable step' : `${last.description}, ${ordinalWord(steps.length)} of ${of} durable steps`;
    return { onTarget, step: last, description: `${where}${counted}` };
  }
  const ran = last === null ? 'none had run' : `after ${last.description}`;
  return { onTarget, step: last, description: `before the ${ordinalWord(after + 1)} of ${of} durable steps (${ran})${counted}` };
}

/** A call run once under the tracer: what it answered, and its durable steps in order. */
export interface RecordedCall {
  readonly record: CallRecord;
  readonly steps: readonly DurableStep[];
}

/**
 * Runs one adapter call under the step tracer, with no fault, and lists its
 * durable steps: the crash points of every later call of the same kind. They
 * are the steps of the call's whole process tree until its first process ends;
 * what it leaves behind (a worker that runs for minutes) is released then,
 * so the recording ends with the call. It runs under {@link tracedTimeoutMs}
 * (the tracer's overhead is not the adapter's).
 * @param tracer - the step tracer (see `locateTracer`)
 * @param target - the adapter command
 * @param input - the argv action and stdin text
 * @param bounds - the adapter's bounds (the deadline is extended for the tracer)
 */
export function recordDurableSteps(tracer: StepTracer, target: CommandTarget, input: CallInput, bounds: CallBounds): Promise<RecordedCall> {
  return recordUnder((logFile, argv) => stepTracerArgv(tracer, logFile, null, argv), target, input, bounds);
}

/**
 * Runs one adapter call under the tracer `tracedArgv` builds (its log in strace's `-f -y` format), under
 * {@link tracedTimeoutMs}, and lists its durable steps. The tests record with strace through it, as a witness.
 * @internal
 */
export async function recordUnder(tracedArgv: ConstructorParameters<typeof TraceSession>[0], target: CommandTarget, input: CallInput, bounds: CallBounds): Promise<RecordedCall> {
  const trace = new TraceSession(tracedArgv);
  const record = await runAdapterCall(target, input, { ...bounds, timeoutMs: tracedTimeoutMs(bounds.timeoutMs) }, { onSpawn: () => {}, wrapArgv: trace.wrapArgv });
  return { record, steps: durableSteps(trace.finish().log) };
}

/** Bound on a tracer log the suite reads: a log inflated past it is cut, never read whole into memory. */
const MAX_LOG_BYTES = 64 * 1024 * 1024;

/**
 * Reads a tracer log without following a symlink or blocking on a FIFO (in a sandbox its directory
 * is one the candidate can write): only a regular file is read, up to {@link MAX_LOG_BYTES}.
 */
function readLogFile(path: string): string {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return '';
    if (stat.size <= MAX_LOG_BYTES) return readFileSync(fd, 'utf8');
    const buffer = Buffer.alloc(MAX_LOG_BYTES);
    let read = 0;
    for (let n = -1; n !== 0 && read < MAX_LOG_BYTES; read += n) n = readSync(fd, buffer, read, MAX_LOG_BYTES - read, read);
    return buffer.subarray(0, read).toString('utf8');
  } finally {
    closeSync(fd);
  }
}
