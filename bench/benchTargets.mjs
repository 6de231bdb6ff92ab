// The speed targets `npm run bench` is judged by, and the lines that say, for one run,
// which of them it met: figures from the same run side by side, never from memory.

/** The targets: native suite calls/s against the bare loop's, the reference adapter's default-run wall time, start-up. */
export const TARGETS = { nativeRatio: 0.9, referenceWallS: 30, startupS: 1 };

const verdict = (met) => (met ? 'met' : 'NOT met');

/**
 * One line per target the run measured (a row absent under `--only` gives no line).
 * @param {readonly { kind: 'reference' | 'native', calls: number, suiteS: number, bareS: number, ratio: number, split: { startupMs: number, tailMs: number } }[]} rows
 * @returns {string[]}
 */
export function targetLines(rows) {
  const lines = [];
  const native = rows.find((row) => row.kind === 'native');
  const reference = rows.find((row) => row.kind === 'reference');
  if (native !== undefined) {
    lines.push(
      `- native (C): suite ${(native.ratio * 100).toFixed(0)}% of the bare loop's calls/s (${native.suiteS.toFixed(1)} s against ${native.bareS.toFixed(1)} s for ${native.calls} calls; target >= ${TARGETS.nativeRatio * 100}%): ${verdict(native.ratio >= TARGETS.nativeRatio)}`,
    );
  }
  if (reference !== undefined) {
    lines.push(
      `- reference (Node.js): default run ${reference.suiteS.toFixed(1)} s wall, bare loop of its ${reference.calls} calls ${reference.bareS.toFixed(1)} s (target <= ${TARGETS.referenceWallS} s): ${verdict(reference.suiteS <= TARGETS.referenceWallS)}`,
    );
  }
  for (const row of [native, reference]) {
    if (row === undefined) continue;
    const startupS = row.split.startupMs / 1000;
    lines.push(`- start-up, CLI start to the first adapter process, ${row.kind}: ${startupS.toFixed(2)} s (target <= ${TARGETS.startupS} s): ${verdict(startupS <= TARGETS.startupS)}`);
  }
  return lines;
}
