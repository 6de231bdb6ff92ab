import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Why a call was not made: the adapter was declared unresponsive. */
export const STOPPED_ANSWERING = 'the adapter stopped answering (repeated timeouts)';

/** Consecutive timed-out calls after which the adapter is treated as unresponsive for the rest of the run. */
export const UNRESPONSIVE_AFTER_TIMEOUTS = 4;

/**
 * Stops a hanging adapter from turning a run into hours of deadlines: after a
 * few consecutive timeouts, every worker stops calling it (a marker file in the
 * run's work directory), and the clauses still waiting become INCONCLUSIVE.
 */
export class UnresponsiveBreaker {
  readonly #marker: string;
  #consecutiveTimeouts = 0;

  constructor(workDir: string) {
    this.#marker = join(workDir, 'adapter-unresponsive');
  }

  /** Whether calls should stop. */
  tripped(): boolean {
    return existsSync(this.#marker);
  }

  /** Feeds one call's outcome. */
  record(timedOut: boolean): void {
    this.#consecutiveTimeouts = timedOut ? this.#consecutiveTimeouts + 1 : 0;
    if (this.#consecutiveTimeouts >= UNRESPONSIVE_AFTER_TIMEOUTS) writeFileSync(this.#marker, `${this.#consecutiveTimeouts}\n`);
  }
}
