// `adapter-qualify verify` on synthetic transcripts (bench/syntheticTranscript.mjs): lines,
// bytes, wall time, lines/s, CPU time of the whole process (every thread), peak RSS and
// the machine's load average, for
// - the full length with a new binding every 10 lines, as in a run (the speed figure);
// - a quarter, a half and the full length with the number of bindings held fixed, so
//   that a reviewer sees whether memory grows with the transcript itself.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, readSync, rmSync, statSync, truncateSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { watchPeakRss } from './treeMemory.mjs';

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * Writes a synthetic transcript.
 * @param {{ packageRoot: string, file: string, lines: number, bindings?: number }} options
 */
function writeSynthetic({ packageRoot, file, lines, bindings }) {
  const extra = bindings === undefined ? [] : ['--bindings', String(bindings)];
  execFileSync(process.execPath, [join(packageRoot, 'bench', 'syntheticTranscript.mjs'), file, String(lines), ...extra], { stdio: 'ignore' });
}

/**
 * Runs `verify` once on `file`.
 * @param {{ cli: string, file: string }} options
 * @returns {Promise<{ lines: number, bytes: number, seconds: number, cpuSeconds: number | null, peakMiB: number, load: [number, number], exitCode: number | null, summary: string }>}
 */
export async function verifyOnce({ cli, file }) {
  const bytes = statSync(file).size;
  const loadBefore = loadavg()[0];
  const started = performance.now();
  const child = spawn(process.execPath, [cli, 'verify', file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const stopWatching = watchPeakRss(child.pid);
  let cpuSeconds = null;
  let summary = '';
  child.stdout.on('data', (chunk) => (summary += chunk));
  // The child's own utime+stime and peak RSS, read once its output ends (just before it exits; every thread counted).
  let peakBytes = null;
  child.stdout.on('end', () => {
    cpuSeconds = cpuSecondsOf(child.pid) ?? cpuSeconds;
    peakBytes = stopWatching();
  });
  const exitCode = await new Promise((done) => child.on('close', done));
  const seconds = (performance.now() - started) / 1000;
  const lines = Number(/: ([0-9]+) calls;/.exec(summary)?.[1] ?? NaN);
  // The summary without the file's name (a temporary path).
  const firstLine = summary.trim().split('\n')[0] ?? '';
  return {
    lines,
    bytes,
    seconds,
    cpuSeconds,
    peakMiB: (peakBytes ?? stopWatching()) / 2 ** 20,
    load: [loadBefore, loadavg()[0]],
    exitCode,
    summary: firstLine.slice(firstLine.indexOf(': ') + 2),
  };
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

/** Byte offset just past line `count` of `file` (its size when it has fewer lines). */
function offsetAfterLines(file, count) {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(1 << 20);
    let seen = 0;
    for (let position = 0; ;) {
      const read = readSync(fd, buffer, 0, buffer.length, position);
      if (read === 0) return position;
      for (let at = buffer.indexOf(10); at !== -1 && at < read; at = buffer.indexOf(10, at + 1)) {
        seen += 1;
        if (seen === count) return position + at + 1;
      }
      position += read;
    }
  } finally {
    closeSync(fd);
  }
}

const fixed = (value, digits = 1) => (value === null || Number.isNaN(value) ? '?' : value.toFixed(digits));

function row(label, run) {
  const load = `${fixed(run.load[0], 2)}→${fixed(run.load[1], 2)}`;
  return `| ${label} | ${run.lines} | ${fixed(run.bytes / 1e9, 3)} GB | ${fixed(run.seconds)} | ${fixed(run.lines / run.seconds, 0)} | ${fixed(run.cpuSeconds)} | ${fixed(run.peakMiB, 0)} | ${load} | ${run.exitCode}: ${run.summary} |`;
}

/**
 * The bench's verify table: `lines` lines with a binding per operation, then a quarter,
 * a half and all of `lines` with `bindings` bindings (one file, cut shorter in place:
 * the generator is deterministic, so a shorter transcript is a prefix of the longer).
 * @param {{ cli: string, packageRoot: string, work: string, lines: number, bindings: number }} options
 * @returns {Promise<{ table: string[], speed: { lines: number, seconds: number, exitCode: number | null } }>} the table, and the first run (the speed figure)
 */
export async function verifyBench({ cli, packageRoot, work, lines, bindings }) {
  const out = [
    'verify (`adapter-qualify verify` on synthetic transcripts; load: the 1-minute load average before→after the run):',
    '',
    '| transcript | lines | bytes | wall s | lines/s | CPU s | peak RSS MiB | load | exit: summary |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  const growing = join(work, 'synthetic-growing.jsonl');
  writeSynthetic({ packageRoot, file: growing, lines });
  let speed;
  try {
    speed = await verifyOnce({ cli, file: growing });
    out.push(row('a binding per 10 lines', speed));
  } finally {
    rmSync(growing, { force: true });
  }
  const held = join(work, 'synthetic-held.jsonl');
  writeSynthetic({ packageRoot, file: held, lines, bindings });
  try {
    const lengths = [lines, Math.round(lines / 2), Math.round(lines / 4)];
    const cuts = lengths.map((length) => offsetAfterLines(held, length));
    const runs = [];
    for (const [index, length] of lengths.entries()) {
      truncateSync(held, cuts[index]);
      runs.unshift({ length, run: await verifyOnce({ cli, file: held }) });
    }
    out.push(...runs.map(({ length, run }) => row(`${bindings} bindings held, ${length} lines`, run)));
    out.push('', `verify peak RSS with ${bindings} bindings held: ${runs.map(({ run }) => fixed(run.peakMiB, 0)).join(' / ')} MiB at ${runs.map(({ length }) => length).join(' / ')} lines`);
  } finally {
    rmSync(held, { force: true });
  }
  return { table: out, speed: { lines: speed.lines, seconds: speed.seconds, exitCode: speed.exitCode } };
}
