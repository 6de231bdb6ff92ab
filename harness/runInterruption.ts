// Ending a run early on SIGINT or SIGTERM: the signal is caught for the length of the run, the run
// stops waiting for its workers at once, and the workers are given a bounded time to stop. The CLI
// catches the signals from its first line on (a signal during start-up still gives a report), and a
// watchdog writes a minimal interrupted report when the full one is not written in time.

import { appendFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { currentSandboxPlan } from './transport/sandbox/sandboxPlan.js';

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
  #withdrawReport: () => void = () => undefined;
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
    killSandboxedProcesses();
    this.#onSignal(this.#signal);
    this.#resolve(this.#signal);
  };

  // Detaches a SIGINT/SIGTERM listener someone else adds during the run (vitest's own, which exit the process
  // at once): only this one decides what a signal does. 'newListener' fires before the listener is added, so it
  // is taken off in a microtask, which runs before the event loop can deliver any signal to it.
  readonly #detachLater = (event: string | symbol, listener: (...args: unknown[]) => void): void => {
    if (!INTERRUPT_SIGNALS.includes(event as InterruptSignal) || listener === this.#handler) return;
    queueMicrotask(() => process.off(event, listener));
  };

  /** @param onSignal - called once, on the first of the two signals, before `signalled` settles */
  constructor(onSignal: (signal: InterruptSignal) => void) {
    this.#onSignal = onSignal;
    for (const signal of INTERRUPT_SIGNALS) process.on(signal, this.#handler);
    process.on('newListener', this.#detachLater);
    // A signal caught before the run began (the CLI's start-up) interrupts it before any work starts.
    const early = cli.received;
    if (early !== null) this.#handler(early.signal);
  }

  /**
   * Makes `report` the one the watchdog of a CLI run ({@link catchInterruptsFromStart}) writes when the
   * full report is not written in time, until {@link dispose}.
   * @param report - writes the run's minimal interrupted report at once (synchronously)
   */
  offerEmergencyReport(report: EmergencyReport): void {
    this.#withdrawReport();
    this.#withdrawReport = offerEmergencyReport(report);
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

  /** Stops catching the signals (the CLI's own catch stays) and withdraws the emergency report. */
  dispose(): void {
    process.off('newListener', this.#detachLater);
    for (const signal of INTERRUPT_SIGNALS) process.off(signal, this.#handler);
    this.#withdrawReport();
  }
}

// Every process of the run's sandbox dies at once, by the kernel (cgroup.kill): the scans of the process table
// that follow find nothing left to wait for. Without a cgroup, they do the killing.
function killSandboxedProcesses(): void {
  const procs = currentSandboxPlan()?.cgroupProcs ?? null;
  if (procs === null) return;
  try {
    appendFileSync(join(dirname(procs), 'cgroup.kill'), '1');
  } catch {
    // A kernel without cgroup.kill: the scans kill each process.
  }
}

/**
 * Writes a minimal but schema-valid interrupted report, synchronously (nothing else of the run
 * may run meanwhile), and says where; null when there is nothing to write any more (the full
 * report is already in place).
 */
export type EmergencyReport = (signal: InterruptSignal) => string | null;

/** The exit code of an interrupted run: the report holds only what was judged before the signal. */
export const INTERRUPTED_EXIT_CODE = 4;

/**
 * How long after the signal the CLI's watchdog stops waiting for the full report and writes the
 * minimal one: the report is due within 10 s of the signal, and the rest of that time is the margin
 * for the signal's delivery, the minimal report and the exit on a busy machine.
 */
export const WATCHDOG_MS = 6_000;

// The CLI's catch, process-wide: the first signal, when it came, and the run's emergency report.
const cli: {
  caught: boolean;
  received: { readonly signal: InterruptSignal; readonly atMs: number } | null;
  emergency: EmergencyReport | null;
  stderr: (line: string) => void;
} = { caught: false, received: null, emergency: null, stderr: () => undefined };

/**
 * The CLI's first act for a command that runs a subject: from here on, SIGINT and SIGTERM never end
 * the process by default. The first signal is recorded (a run that begins later begins interrupted,
 * see {@link caughtSignal}) and arms a watchdog: {@link WATCHDOG_MS} later, if the
 * process is still alive, the emergency report of the run under way is written and the process exits
 * with {@link INTERRUPTED_EXIT_CODE}. Later signals are ignored: the report is on its way.
 * @param stderr - where the watchdog says what it did
 * @internal
 */
export function catchInterruptsFromStart(stderr: (line: string) => void): void {
  cli.stderr = stderr;
  if (cli.caught) return;
  cli.caught = true;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (cli.received !== null) return;
    cli.received = { signal: signal as InterruptSignal, atMs: Date.now() };
    setTimeout(() => watchdogFires(signal as InterruptSignal), WATCHDOG_MS).unref();
  };
  for (const signal of INTERRUPT_SIGNALS) process.on(signal, onSignal);
}

/**
 * Whether the CLI catches the signals ({@link catchInterruptsFromStart}): a run in a process of
 * its own may then end the process on a signal; a run inside another program (self-check) may not.
 * @internal
 */
export function catchingInterrupts(): boolean {
  return cli.caught;
}

/**
 * The first signal the CLI caught, or null: caught before the run began (during the CLI's
 * start-up), the `run` command writes the interrupted report without starting the suite.
 * @internal
 */
export function caughtSignal(): InterruptSignal | null {
  return cli.received?.signal ?? null;
}

/**
 * Makes `report` the one the watchdog writes, until the returned function withdraws it.
 * @param report - the run's emergency report
 * @internal
 */
export function offerEmergencyReport(report: EmergencyReport): () => void {
  cli.emergency = report;
  return () => {
    if (cli.emergency === report) cli.emergency = null;
  };
}

function watchdogFires(signal: InterruptSignal): void {
  const late = `the full report was not written within ${WATCHDOG_MS / 1000} s of ${signal}`;
  try {
    const written = cli.emergency?.(signal) ?? null;
    cli.stderr(
      written === null
        ? `adapter-qualify: interrupted by ${signal}: the process had not ended ${WATCHDOG_MS / 1000} s after the signal; exiting (no run under way still owed its report)`
        : `adapter-qualify: interrupted by ${signal}: ${late}, so a minimal interrupted report was written to ${written}`,
    );
  } catch (error) {
    cli.stderr(`adapter-qualify: interrupted by ${signal}: ${late}, and the minimal report could not be written: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(INTERRUPTED_EXIT_CODE);
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
