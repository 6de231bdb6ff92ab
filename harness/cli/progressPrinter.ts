import type { ProgressEvent } from '../../reports/QualifyReporter.js';

/** A single updating status line; see {@link progressPrinter}. */
export interface ProgressPrinter {
  /** Records an event and redraws the line. */
  readonly update: (event: ProgressEvent) => void;
  /** Stops the timer and clears the line (before the summary is printed). */
  readonly stop: () => void;
}

/** Where the line goes: stderr in the CLI. */
export interface ProgressStream {
  write(text: string): unknown;
  /** Terminal width, to keep the line on one row. */
  readonly columns?: number;
}

const CLEAR_LINE = '\r\x1b[2K';

/**
 * Pure: `done/total` of the tests (`17/52+` while suite files are still to be collected, their tests
 * not yet counted) and of the families, so a reader knows how far the run is.
 * @param event - the latest progress event
 * @public
 */
export function progressCounts(event: ProgressEvent): { readonly tests: string; readonly families: string } {
  const tests = event.testsTotal === null ? `${event.testsDone}` : `${event.testsDone}/${event.testsTotal}${event.testsTotalFinal ? '' : '+'}`;
  const families = event.familiesTotal === null ? `${event.familiesDone}` : `${event.familiesDone}/${event.familiesTotal}`;
  return { tests, families };
}

/**
 * Draws one status line (`\r` + clear line) with the family, tests done, cases so far
 * and elapsed seconds, redrawn on every event and every `intervalMs` so the clock moves.
 * The timer is unref'd: it never keeps the process alive.
 * @param stream - the terminal stream.
 * @param options - `now` (ms clock) and `intervalMs`. @defaultValue `Date.now`, 1000
 * @public
 */
export function progressPrinter(stream: ProgressStream, options: { now?: () => number; intervalMs?: number } = {}): ProgressPrinter {
  const now = options.now ?? Date.now;
  const started = now();
  let last: ProgressEvent | null = null;
  let stopped = false;
  const draw = (): void => {
    if (stopped) return;
    const seconds = Math.floor((now() - started) / 1000);
    const status =
      last === null
        ? `adapter-qualify: starting… ${seconds}s`
        : `adapter-qualify: ${last.family} · ${progressCounts(last).tests} tests done · ${progressCounts(last).families} families done · ${last.casesSoFar} cases · ${seconds}s · ${last.testName}`;
    // A pseudo-terminal may report 0 columns: fall back to 80.
    const width = (stream.columns !== undefined && stream.columns > 0 ? stream.columns : 80) - 1;
    stream.write(CLEAR_LINE + (status.length > width ? status.slice(0, Math.max(0, width - 1)) + '…' : status));
  };
  const timer = setInterval(draw, options.intervalMs ?? 1000);
  timer.unref();
  draw();
  return {
    update: (event) => {
      last = event;
      draw();
    },
    stop: () => {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      stream.write(CLEAR_LINE);
    },
  };
}

/** How often a heartbeat line is printed. */
export const HEARTBEAT_INTERVAL_MS = 30_000;

/**
 * For a stderr that is no terminal (CI logs): one plain progress line every
 * `intervalMs` — calls done, families and tests done of their totals, elapsed — so a long
 * run is never silent for minutes. Events only update what the next line says;
 * the timer is unref'd, so it never keeps the process alive.
 * @param stream - stderr.
 * @param options - `now` (ms clock) and `intervalMs`. @defaultValue `Date.now`, {@link HEARTBEAT_INTERVAL_MS}
 * @public
 */
export function heartbeatPrinter(stream: ProgressStream, options: { now?: () => number; intervalMs?: number } = {}): ProgressPrinter {
  const now = options.now ?? Date.now;
  const started = now();
  let last: ProgressEvent | null = null;
  const beat = (): void => {
    const seconds = Math.floor((now() - started) / 1000);
    const counts = last === null ? null : progressCounts(last);
    const done = last === null || counts === null ? 'starting' : `${last.callsSoFar} calls done · ${counts.families} families done · ${counts.tests} tests done`;
    stream.write(`adapter-qualify: ${done} · ${seconds}s elapsed\n`);
  };
  const timer = setInterval(beat, options.intervalMs ?? HEARTBEAT_INTERVAL_MS);
  timer.unref();
  return {
    update: (event) => {
      last = event;
    },
    stop: () => clearInterval(timer),
  };
}
