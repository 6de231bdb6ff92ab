/** The signals that end a run early, with a report of what was judged so far. */
export type InterruptSignal = 'SIGINT' | 'SIGTERM';

const SIGNALS: readonly InterruptSignal[] = ['SIGINT', 'SIGTERM'];

/**
 * Catches SIGINT and SIGTERM for the length of one run, so that the run can kill
 * its adapter processes, remove its work directory and still write a report instead
 * of dying mid-way. The first signal is handled once; `dispose` restores the
 * process's default behaviour.
 */
export class RunInterruption {
  #signal: InterruptSignal | null = null;
  readonly #onSignal: (signal: InterruptSignal) => void;
  readonly #before = new Map<InterruptSignal, ReadonlySet<unknown>>();
  readonly #handler = (signal: NodeJS.Signals): void => {
    if (this.#signal !== null) return;
    this.#signal = signal as InterruptSignal;
    this.#onSignal(this.#signal);
  };

  /** @param onSignal - called once, on the first of the two signals */
  constructor(onSignal: (signal: InterruptSignal) => void) {
    this.#onSignal = onSignal;
    for (const signal of SIGNALS) {
      this.#before.set(signal, new Set(process.listeners(signal)));
      process.on(signal, this.#handler);
    }
  }

  /**
   * Detaches the SIGINT/SIGTERM listeners added since this run began (vitest's own,
   * which exit the process at once): during the run, only this one decides what a signal does.
   */
  claimSignals(): void {
    for (const signal of SIGNALS) {
      const before = this.#before.get(signal) ?? new Set();
      for (const listener of process.listeners(signal)) {
        if (listener !== this.#handler && !before.has(listener)) process.off(signal, listener as (...args: unknown[]) => void);
      }
    }
  }

  /** The signal that interrupted the run, or null. */
  get signal(): InterruptSignal | null {
    return this.#signal;
  }

  /** Stops catching the signals. */
  dispose(): void {
    for (const signal of SIGNALS) process.off(signal, this.#handler);
  }
}
