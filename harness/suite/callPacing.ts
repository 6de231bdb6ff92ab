import type { CallRecord, TransportUncertainty } from '../transport/callRecord.js';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * How long the subject's calls take when nothing in the suite cuts them short,
 * as one worker sees them: the median of its latest calls that ended by
 * themselves. A call the suite ended (its deadline, a cancelled case, the
 * output bound) says how long the suite waited, not how long the adapter needs,
 * so a hanging adapter never earns itself more time.
 */
export class CallPace {
  readonly #durations: number[] = [];

  /** Feeds one finished call. */
  record(call: Pick<CallRecord, 'startedAt' | 'endedAt' | 'uncertainty'>): void {
    if (call.uncertainty !== null && !endedByItself[call.uncertainty]) return;
    this.#durations.push(Math.max(0, call.endedAt - call.startedAt));
    if (this.#durations.length > KEPT_CALLS) this.#durations.shift();
  }

  /** The median duration (ms) of the latest calls that ended by themselves, or null before the first. */
  typicalMs(): number | null {
    if (this.#durations.length === 0) return null;
    const sorted = [...this.#durations].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? null;
  }
}

/** Latest calls the median is taken over: recent enough to follow a pace that changes, enough to ignore one outlier. */
const KEPT_CALLS = 64;

// Whether a call with this uncertainty ended on its own (its duration is the adapter's) or was ended by the suite or never ran.
const endedByItself = {
  'pre-aborted': false,
  timeout: false,
  canceled: false,
  'output-overflow': false,
  'stream-failure': false,
  'spawn-failure': false,
  'killed-by-signal': true,
  'nonzero-exit': true,
  'sdk-rejected': true,
  'sdk-invalid-value': true,
} as const satisfies Record<TransportUncertainty, boolean>;

/**
 * The answer time (ms) a property's base time limit is sized for: about what
 * one call of the reference adapter costs on a loaded two-core machine.
 */
export const NOMINAL_CALL_MS = 250;

/**
 * A property's time limit for a subject whose calls typically take
 * `typicalMs`: the base limit holds for calls up to {@link NOMINAL_CALL_MS},
 * and grows in proportion beyond, so a correct adapter that answers slowly
 * gets the same number of cases in the same order, only later.
 * @param baseMs - the limit at the nominal pace
 * @param typicalMs - the subject's typical call duration, or null when none is known yet
 */
export function scaledTimeLimit(baseMs: number, typicalMs: number | null): number {
  return Math.round(baseMs * Math.max(1, (typicalMs ?? 0) / NOMINAL_CALL_MS));
}

/**
 * `--max-submits`: a run-wide cap on valid submits, shared by every worker.
 * Each submit claims a numbered slot with an exclusive `mkdir`, so workers in
 * separate processes never overspend without any coordination server.
 */
export class AdmissionBudget {
  readonly #dir: string;
  readonly #max: number | null;
  #nextSlot = 0;

  constructor(workDir: string, max: number | null) {
    this.#dir = join(workDir, 'submit-slots');
    this.#max = max;
    mkdirSync(this.#dir, { recursive: true });
  }

  /** Claims one submit; false when the cap is spent. */
  claim(): boolean {
    if (this.#max === null) return true;
    for (; this.#nextSlot < this.#max; this.#nextSlot++) {
      try {
        mkdirSync(join(this.#dir, String(this.#nextSlot)));
        this.#nextSlot++;
        return true;
      } catch {
        // Slot taken by another worker: try the next one.
      }
    }
    return false;
  }
}

/** Why a case that admitted nothing proves nothing. */
export const NEVER_ADMITTED = 'the adapter admitted no valid submit, so there is no admission to reason about';

/** Why a submit was not made: `--max-submits` submits were made already. */
export const BUDGET_SPENT = 'the --max-submits budget is spent';

/** Why a call was not made: the adapter was declared unresponsive. */
export const STOPPED_ANSWERING = 'the adapter stopped answering (repeated timeouts)';

/** Consecutive, non-overlapping timed-out calls after which the adapter is treated as unresponsive for the rest of the run. */
export const UNRESPONSIVE_AFTER_TIMEOUTS = 4;

/**
 * Stops a hanging adapter from turning a run into hours of deadlines: after a
 * few consecutive timeouts, every worker stops calling it (a marker file in the
 * run's work directory), and the clauses still waiting become INCONCLUSIVE.
 * Calls that overlap a counted timeout count once with it: a burst of racing
 * calls that all miss their deadline on a loaded machine is one sign, not many.
 */
export class UnresponsiveBreaker {
  readonly #marker: string;
  #consecutiveTimeouts = 0;
  #lastCountedEnd = Number.NEGATIVE_INFINITY;

  constructor(workDir: string) {
    this.#marker = join(workDir, 'adapter-unresponsive');
  }

  /** Whether calls should stop. */
  tripped(): boolean {
    return existsSync(this.#marker);
  }

  /** Feeds one finished call. */
  record(call: Pick<CallRecord, 'timedOut' | 'startedAt' | 'endedAt'>): void {
    if (!call.timedOut) {
      this.#consecutiveTimeouts = 0;
      return;
    }
    if (call.startedAt < this.#lastCountedEnd) return;
    this.#consecutiveTimeouts += 1;
    this.#lastCountedEnd = call.endedAt;
    if (this.#consecutiveTimeouts >= UNRESPONSIVE_AFTER_TIMEOUTS) writeFileSync(this.#marker, `${this.#consecutiveTimeouts}\n`);
  }
}

/** The burst now running in this worker; the next one waits for it. */
let previous: Promise<unknown> = Promise.resolve();

/**
 * Starts calls as close together as the OS allows and waits for all of them:
 * every `start` runs in one synchronous loop, so each spawns its process before
 * any answer is read (the callers build their bindings and payloads first).
 * Bursts of one worker run one at a time, so races between bursts never pile
 * up past one burst's size on a small machine.
 *
 * @param starts - one function per call, each starting it and returning its answer
 * @returns the answers, in the order of `starts`
 */
export async function raceBurst<T>(starts: readonly (() => Promise<T>)[]): Promise<T[]> {
  const turn = previous.then(() => Promise.all(starts.map((start) => start())));
  previous = turn.catch(() => undefined);
  return turn;
}
