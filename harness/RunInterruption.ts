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
  readonly #handler = (signal: NodeJS.Signals): void => {
    if (this.#signal !== null) return;
    this.#signal = signal as InterruptSignal;
    this.#onSignal(this.#signal);
  };

  /** @param onSignal - called once, on the first of the two signals */
  constructor(onSignal: (signal: InterruptSignal) => void) {
    this.#onSignal = onSignal;
    for (const signal of SIGNALS) process.on(signal, this.#handler);
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
