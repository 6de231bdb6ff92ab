import type { CallRecord, TransportUncertainty } from '../transport/callRecord.js';

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
