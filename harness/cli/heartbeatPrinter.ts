import type { ProgressEvent } from './progressEvent.js';
import type { ProgressPrinter, ProgressStream } from './progressPrinter.js';

/** How often a heartbeat line is printed. */
export const HEARTBEAT_INTERVAL_MS = 30_000;

/**
 * For a stderr that is no terminal (CI logs): one plain progress line every
 * `intervalMs` — calls done, families done, tests done, elapsed — so a long
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
    const done = last === null ? 'starting' : `${last.callsSoFar} calls done · ${last.familiesDone} families done · ${last.testsDone} tests done`;
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
