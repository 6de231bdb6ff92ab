import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CallRecord } from '../transport/callRecord.js';

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
