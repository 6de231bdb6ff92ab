// The speed targets `npm run bench` is judged by, and the lines that say, for one run,
// which of them it met: figures from the same run side by side, never from memory.

/** The targets: native suite calls/s against the bare loop's, the reference adapter's default-run wall time, start-up, `verify` of a million lines. */
export const TARGETS = { nativeRatio: 0.9, referenceWallS: 30, startupS: 1, verifyLines: 1_000_000, verifyS: 5 };

const verdict = (met) => (met ? 'met' : 'NOT met');
const pairsNote = (ratios) => (ratios.length === 1 ? '' : `, the median of ${ratios.length} pairs: ${ratios.map((ratio) => `${(ratio * 100).toFixed(0)}%`).join(', ')}`);

/**
 * One line per target the run measured (a row absent under `--only`, or verify under `--skip-verify`, gives no line).
 * @param {readonly { kind: 'reference' | 'native', calls: number, suiteS: number, bareS: number, ratio: number, pairRatios: readonly number[], split: { startupMs: number, tailMs: number } }[]} rows
 *   (a row is the pair of median ratio among `pairRatios`)
 * @param {{ lines: number, seconds: number, exitCode: number | null } | null} verify - the run of `verify` on the transcript with a binding per 10 lines
 * @returns {string[]}
 */
export function targetLines(rows, verify) {
  const lines = [];
  const native = rows.find((row) => row.kind === 'native');
  const reference = rows.find((row) => row.kind === 'reference');
  if (native !== undefined) {
    lines.push(
      `- native (C): suite ${(native.ratio * 100).toFixed(0)}% of the bare loop's calls/s (${native.suiteS.toFixed(1)} s against ${native.bareS.toFixed(1)} s for ${native.calls} calls${pairsNote(native.pairRatios)}; target >= ${TARGETS.nativeRatio * 100}%): ${verdict(native.ratio >= TARGETS.nativeRatio)}`,
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
  if (verify !== null) {
    const judged = verify.lines === TARGETS.verifyLines && verify.exitCode === 0;
    const measured = `- verify, ${verify.lines} lines (a binding per 10 lines): ${verify.seconds.toFixed(1)} s, exit ${verify.exitCode} (target <= ${TARGETS.verifyS} s for ${TARGETS.verifyLines} lines)`;
    // A shorter or failed run says nothing of the target, either way.
    lines.push(`${measured}: ${judged ? verdict(verify.seconds <= TARGETS.verifyS) : 'not judged'}`);
  }
  return lines;
}
