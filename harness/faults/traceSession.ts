import { CONTEXT_SYSCALLS, DURABLE_SYSCALLS, durableFlags, type DurableStep, durableSteps, ordinalWord } from './durableSteps.js';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseStraceLog, type StraceLog } from './strace.js';
import type { CallRecord } from '../transport/callRecord.js';
import { runAdapterCall } from '../transport/runAdapterCall.js';
import type { CallBounds, CallInput, CommandTarget } from '../transport/OperationTransport.js';

/**
 * What the tracer does to a call:
 * - `record`: only watch (its durable steps become the crash points);
 * - `kill`: SIGKILL on entry to `step`, before it runs (a crash);
 * - `stop`: SIGSTOP at `step`; it runs, then the whole process stops before its next step.
 */
export type TracerAction = { readonly kind: 'record' } | { readonly kind: 'kill' | 'stop'; readonly step: Pick<DurableStep, 'syscall' | 'ordinal' | 'threadRank'> };

/** strace counts `when=` up to this many invocations. */
export const MAX_INJECTION_ORDINAL = 65_535;

const SIGNAL_OF: Record<'kill' | 'stop', string> = { kill: 'SIGKILL', stop: 'SIGSTOP' };

/**
 * The argv that runs `argv` under strace: descriptors decorated with their
 * paths (`-y`), the durable and context syscalls logged to `logFile`, buffers
 * cut to two items (`-s 2`: data is never needed, but both descriptors of a new
 * pipe or socket pair must be printed). A recording follows
 * every thread and child (`-f`) and uses seccomp-bpf so untraced syscalls do
 * not stop (fast). An injection cannot use seccomp-bpf (strace 6.1 drops
 * injected signals at a seccomp stop), and it follows the tree only when the
 * step is not made by the adapter's first thread: strace counts `when=` per
 * thread, so with `-f` a runtime's helper thread (Node's libuv pool writes
 * eventfds at start-up) can reach the count first; tracing the first thread
 * alone makes its count exact.
 * @param tracer - absolute path of strace
 * @param logFile - where strace writes its log
 * @param action - record, kill or stop
 * @param argv - the adapter's argv, executable first
 */
export function tracerArgv(tracer: string, logFile: string, action: TracerAction, argv: readonly string[]): [string, ...string[]] {
  const traced = [...DURABLE_SYSCALLS, ...CONTEXT_SYSCALLS].map((name) => `?${name}`).join(',');
  const follow = action.kind === 'record' || action.step.threadRank !== 0 ? ['-f'] : [];
  const common = [...follow, '-qq', '-y', '-s', '2', '-e', 'signal=none', '-o', logFile, '-e', `trace=${traced}`];
  const injection =
    action.kind === 'record' ? ['--seccomp-bpf'] : ['-e', `inject=${action.step.syscall}:signal=${SIGNAL_OF[action.kind]}:when=${Math.min(action.step.ordinal, MAX_INJECTION_ORDINAL)}`];
  return [tracer, ...common, ...injection, '--', ...argv];
}

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
  /** Whether it landed on the planned step (same position and syscall). */
  readonly onTarget: boolean;
  /**
   * The `when=` ordinal to aim at next time when it did not: the planned
   * step's ordinal in this run when the run got that far, else one more (the
   * thread made more calls of the syscall before it than when it was recorded).
   */
  readonly nextOrdinal: number;
  /** The durable step it hit, or null when it hit another invocation of the syscall (e.g. a runtime's own pipe write). */
  readonly step: DurableStep | null;
  /** The step in words: `link("…/.admission.json.….tmp", "…/admission.json"), 8th of 11 durable steps`. */
  readonly description: string;
}

/**
 * One traced run of an adapter call: a private log file, the argv wrapper that
 * writes it, and the reading of it once the call ended.
 * @internal
 */
export class TraceSession {
  readonly #dir: string;
  readonly #log: string;
  readonly #tracer: string;
  readonly #action: TracerAction;

  constructor(tracer: string, action: TracerAction) {
    this.#dir = mkdtempSync(join(tmpdir(), 'adapter-qualify-trace-'));
    this.#log = join(this.#dir, 'strace.log');
    this.#tracer = tracer;
    this.#action = action;
  }

  /** The argv hook for `runAdapterCall`. */
  readonly wrapArgv = (argv: readonly string[]): [string, ...string[]] => tracerArgv(this.#tracer, this.#log, this.#action, argv);

  /** Reads the log (once the call's process group has ended) and removes it. */
  finish(): StraceLog {
    try {
      return parseStraceLog(readFileSync(this.#log, 'utf8'));
    } catch {
      return { syscalls: [], killed: new Set() }; // the tracer never started: no log
    } finally {
      rmSync(this.#dir, { recursive: true, force: true });
    }
  }
}

/**
 * Finds the invocation an injection at `planned` (syscall, per-thread ordinal)
 * hit: the first, in the log's order, that was the `ordinal`-th of its
 * syscall on its thread.
 * @param log - the injected run's log
 * @param planned - the step the injection aimed at
 * @param of - how many durable steps the recorded call had
 */
export function injectionSite(log: StraceLog, planned: Pick<DurableStep, 'syscall' | 'ordinal' | 'index'>, of: number): InjectionSite | null {
  const counts = new Map<number, number>();
  const position = log.syscalls.findIndex((call) => {
    if (call.name !== planned.syscall) return false;
    const seen = (counts.get(call.tid) ?? 0) + 1;
    counts.set(call.tid, seen);
    return seen === planned.ordinal;
  });
  const hit = log.syscalls[position];
  if (hit === undefined) return null;
  const steps = durableSteps({ syscalls: log.syscalls.slice(0, position + 1), killed: log.killed });
  const last = steps.at(-1);
  const reached = durableSteps(log).find((step) => step.index === planned.index && step.syscall === planned.syscall && step.completed);
  const nextOrdinal = reached?.ordinal ?? planned.ordinal + 1;
  if (last === undefined || durableFlags(log.syscalls.slice(0, position + 1)).effects[position] === null) {
    return {
      onTarget: false,
      nextOrdinal,
      step: null,
      description: `a ${planned.syscall} that changed no durable state (the ${ordinalWord(planned.ordinal)} on its thread), after ${steps.length} of ${of} durable steps`,
    };
  }
  const onTarget = last.index === planned.index && last.syscall === planned.syscall;
  return { onTarget, nextOrdinal, step: last, description: `${last.description}, ${ordinalWord(last.index)} of ${of} durable steps` };
}

/**
 * The site of an injection that never fired (the call ended first): where to
 * aim next, from this run's own steps.
 * @param log - the run's log
 * @param planned - the step the injection aimed at
 */
export function missedSite(log: StraceLog, planned: Pick<DurableStep, 'syscall' | 'ordinal' | 'index'>): InjectionSite {
  const reached = durableSteps(log).find((step) => step.index === planned.index && step.syscall === planned.syscall);
  return { onTarget: false, nextOrdinal: reached?.ordinal ?? planned.ordinal, step: null, description: 'nothing: the call ended before the injection fired' };
}

/** A call run once under the tracer: what it answered, and its durable steps in order. */
export interface RecordedCall {
  readonly record: CallRecord;
  readonly steps: readonly DurableStep[];
}

/**
 * Runs one adapter call under strace and lists its durable steps: the crash
 * points of every later call of the same kind. It runs under
 * {@link tracedTimeoutMs} (the tracer's overhead is not the adapter's).
 * @param tracer - absolute path of strace (see `locateTracer`)
 * @param target - the adapter command
 * @param input - the argv action and stdin text
 * @param bounds - the adapter's bounds (the deadline is extended for the tracer)
 */
export async function recordDurableSteps(tracer: string, target: CommandTarget, input: CallInput, bounds: CallBounds): Promise<RecordedCall> {
  const trace = new TraceSession(tracer, { kind: 'record' });
  const record = await runAdapterCall(target, input, { ...bounds, timeoutMs: tracedTimeoutMs(bounds.timeoutMs) }, { onSpawn: () => {}, wrapArgv: trace.wrapArgv });
  return { record, steps: durableSteps(trace.finish()) };
}
