import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { durableSteps, ordinalWord, type DurableStep } from './durableSteps.js';
import { isDurable } from './durableSyscalls.js';
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
export function injectionSite(log: StraceLog, planned: Pick<DurableStep, 'syscall' | 'ordinal'>, of: number): InjectionSite | null {
  const counts = new Map<number, number>();
  let position = -1;
  for (const [index, call] of log.syscalls.entries()) {
    if (call.name !== planned.syscall) continue;
    const seen = (counts.get(call.tid) ?? 0) + 1;
    counts.set(call.tid, seen);
    if (seen === planned.ordinal) {
      position = index;
      break;
    }
  }
  const hit = log.syscalls[position];
  const steps = durableSteps({ syscalls: log.syscalls.slice(0, position + 1), killed: log.killed });
  const last = steps.at(-1);
  if (hit === undefined || last === undefined || !isDurable(hit.name, hit.args, hit.result)) {
    return {
      step: null,
      description: `a ${planned.syscall} that changed no durable state (the ${ordinalWord(planned.ordinal)} on its thread), after ${steps.length} of ${of} durable steps`,
    };
  }
  return { step: last, description: `${last.description}, ${ordinalWord(last.index)} of ${of} durable steps` };
}
