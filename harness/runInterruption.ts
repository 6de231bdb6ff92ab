// Ending a run early on SIGINT or SIGTERM: the signal is caught for the length of the run, the run
// stops waiting for its workers at once, and the workers are given a bounded time to stop.

import { setPriority } from 'node:os';

/** The signals that end a run early, with a report of what was judged so far. */
export const INTERRUPT_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/** One of the signals that interrupt a run. */
export type InterruptSignal = (typeof INTERRUPT_SIGNALS)[number];

/**
 * How long an interrupted run waits for its suite workers to stop before it writes its
 * report without them: the report is due within seconds of the signal, whatever the load.
 */
export const WORKER_STOP_MS = 1_000;

// Niceness of the thread that writes an interrupted run's report: above the busy processes beside it.
const REPORT_THREAD_NICENESS = -10;

/**
 * Catches SIGINT and SIGTERM for the length of one run, so that the run can kill
 * its adapter processes, remove its work directory and still write a report instead
 * of dying mid-way. The first signal is handled once; `dispose` restores the
 * process's default behaviour.
 * @internal
 */
export class RunInterruption {
  #signal: InterruptSignal | null = null;
  readonly #onSignal: (signal: InterruptSignal) => void;
  readonly #before = new Map<InterruptSignal, ReadonlySet<unknown>>();
  #resolve: (signal: InterruptSignal) => void = () => undefined;
  /** Settles with the first signal; never rejects. */
  readonly signalled: Promise<InterruptSignal> = new Promise((resolve) => {
    this.#resolve = resolve;
  });
  readonly #handler = (signal: NodeJS.Signals): void => {
    if (this.#signal !== null) return;
    this.#signal = signal as InterruptSignal;
    // The report is due within seconds however busy the machine: this thread (on Linux, the main thread
    // only; the suite's workers keep theirs) asks for a larger share of the CPU, where it may.
    try {
      setPriority(REPORT_THREAD_NICENESS);
    } catch {
      // Without the privilege, the run ends at its usual priority.
    }
    this.#onSignal(this.#signal);
    this.#resolve(this.#signal);
  };

  /** @param onSignal - called once, on the first of the two signals, before `signalled` settles */
  constructor(onSignal: (signal: InterruptSignal) => void) {
    this.#onSignal = onSignal;
    for (const signal of INTERRUPT_SIGNALS) {
      this.#before.set(signal, new Set(process.listeners(signal)));
      process.on(signal, this.#handler);
    }
  }

  /**
   * Detaches the SIGINT/SIGTERM listeners added since this run began (vitest's own,
   * which exit the process at once): during the run, only this one decides what a signal does.
   */
  claimSignals(): void {
    for (const signal of INTERRUPT_SIGNALS) {
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

  /**
   * `work`'s value, or null when a signal comes first: an interrupted run does not wait
   * for tests in flight (their calls were ended by the suite and prove nothing).
   * @param work - the run's workers
   */
  async unlessInterrupted<T>(work: Promise<T>): Promise<T | null> {
    if (this.#signal !== null) return null;
    return Promise.race([work, this.signalled.then(() => null)]);
  }

  /** Stops catching the signals. */
  dispose(): void {
    for (const signal of INTERRUPT_SIGNALS) process.off(signal, this.#handler);
  }
}

/**
 * Runs `stop` for at most `ms`: an interrupted run stops its workers, but a worker
 * that does not stop in time must not hold back the report.
 * @param stop - stops the workers
 * @param ms - the bound. @defaultValue {@link WORKER_STOP_MS}
 * @returns whether `stop` finished in time (a failure to stop counts as not in time)
 * @internal
 */
export async function stopWithin(stop: () => Promise<unknown>, ms: number = WORKER_STOP_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      stop().then(
        () => true,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
