import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { durableSteps, ordinalWord, type DurableStep } from './durableSteps.js';
import { durableFlags } from './durableSyscalls.js';
import { parseStraceLog, type StraceLog } from './parseStraceLog.js';
import { tracerArgv, type TracerAction } from './tracerArgv.js';

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
