// `adapter-qualify verify` on synthetic transcripts (bench/syntheticTranscript.mjs): wall time,
// CPU time of the whole process (every thread) and peak RSS, at the full length and at a
// quarter of it, so that a reviewer sees how time and memory grow with the transcript.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { watchTreeMemory } from './treeMemory.mjs';

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * Verifies one synthetic transcript of `lines` lines.
 * @param {{ cli: string, packageRoot: string, work: string, lines: number }} options
 * @returns {Promise<{ lines: number, seconds: number, cpuSeconds: number | null, peakMiB: number, exitCode: number | null, summary: string }>}
 */
export async function verifyOnce({ cli, packageRoot, work, lines }) {
  const file = join(work, `synthetic-${lines}.jsonl`);
  execFileSync(process.execPath, [join(packageRoot, 'bench', 'syntheticTranscript.mjs'), file, String(lines)], { stdio: 'ignore' });
  try {
    const started = performance.now();
    const child = spawn(process.execPath, [cli, 'verify', file], { stdio: ['ignore', 'pipe', 'inherit'] });
    const stopWatching = watchTreeMemory(child.pid);
    let cpuSeconds = null;
    let summary = '';
    child.stdout.on('data', (chunk) => (summary += chunk));
    // The child's own utime+stime, read once its output ends (just before it exits; every thread counted).
    child.stdout.on('end', () => (cpuSeconds = cpuSecondsOf(child.pid) ?? cpuSeconds));
    const exitCode = await new Promise((done) => child.on('close', done));
    const seconds = (performance.now() - started) / 1000;
    return { lines, seconds, cpuSeconds, peakMiB: stopWatching() / 2 ** 20, exitCode, summary: summary.trim().split('\n')[0] ?? '' };
  } finally {
    rmSync(file, { force: true });
  }
}

function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * The bench's verify lines: a quarter of `lines`, then `lines`.
 * @param {{ cli: string, packageRoot: string, work: string, lines: number }} options
 * @returns {Promise<string[]>}
 */
export async function verifyBench(options) {
  const fixed = (value, digits = 1) => (value === null ? '?' : value.toFixed(digits));
  const out = [];
  for (const lines of [Math.max(1, Math.round(options.lines / 4)), options.lines]) {
    const run = await verifyOnce({ ...options, lines });
    out.push(
      `verify: ${run.lines} synthetic lines in ${fixed(run.seconds)} s = ${fixed(run.lines / run.seconds, 0)} lines/s, CPU ${fixed(run.cpuSeconds)} s, peak RSS ${fixed(run.peakMiB, 0)} MiB (exit ${run.exitCode}: ${run.summary})`,
    );
  }
  return out;
}
