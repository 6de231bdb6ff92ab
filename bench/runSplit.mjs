// Where the wall time of one suite run goes, from the bench's own clock and the
// transcript's per-call timestamps (ms since epoch, written by the suite itself).

/**
 * Splits a run into start-up (CLI start to the first adapter process), the span in
 * which adapter calls ran (first spawn to last settle) and the tail (last settle to
 * the CLI's exit: closing the workers, the end-of-run re-observation, the sweep and
 * writing the report).
 * @param {{ spawnedAt: number, exitedAt: number, calls: readonly { startedAt: number, endedAt: number }[], reportWrittenFrom: number | null }} run
 *   `spawnedAt`/`exitedAt`: epoch ms of the CLI's spawn and exit; `reportWrittenFrom`: epoch ms
 *   from which the report directory's files were written (the oldest mtime among them), or null.
 * @returns {{ startupMs: number, callSpanMs: number, tailMs: number, reportWriteMs: number | null, meanCallMs: number }}
 */
export function runSplit({ spawnedAt, exitedAt, calls, reportWrittenFrom }) {
  const firstStart = Math.min(...calls.map((call) => call.startedAt));
  const lastEnd = Math.max(...calls.map((call) => call.endedAt));
  return {
    startupMs: firstStart - spawnedAt,
    callSpanMs: lastEnd - firstStart,
    tailMs: exitedAt - lastEnd,
    reportWriteMs: reportWrittenFrom === null ? null : exitedAt - reportWrittenFrom,
    meanCallMs: meanDuration(calls),
  };
}

/**
 * Mean spawn-to-settle time of calls.
 * @param {readonly { startedAt: number, endedAt: number }[]} calls
 * @returns {number}
 */
export function meanDuration(calls) {
  return calls.reduce((sum, call) => sum + (call.endedAt - call.startedAt), 0) / Math.max(1, calls.length);
}
