// `npm run bench -- --hostile`: peak memory of the suite's own processes against
// adapters that print floods, deep JSON and outputs at the bound.
//
// Each subject is the whole default suite (`adapter-qualify run`, default
// concurrency, `--runs 3 --timeout-ms 2000`, a fixed seed). The peak is the summed
// RSS of the run's process tree polled from /proc every 50 ms, leaving out every
// adapter process (the per-call launcher and everything under it). The CLI's own
// RSS holds its vitest worker threads; the rest are the suite's other processes
// (the host suite's fixtures, the step tracer). Target: 300 MB (10^6 bytes).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { hostileFixtureCommand } from '../dist/adapters/hostile/hostileFixturePath.js';
import { watchTreeMemory } from './treeMemory.mjs';

// The target is in megabytes (10^6 bytes): 300 MB is 286 MiB.
const TARGET_MB = 300;
const MB = 1e6;

/** The subjects: fixture script and the arguments before the action. */
const SUBJECTS = [
  // The suite's own cost with an adapter that prints one small answer: what every other row adds to.
  { label: 'baseline: one small answer per call', fixture: 'never-reads-stdin', args: [] },
  { label: 'outcomes padded to a valid 1 MiB', fixture: 'padded-outcomes', args: [] },
  { label: '500,000-deep JSON', fixture: 'deep-json-depth', args: ['500000'] },
  { label: '2 GiB of stdout', fixture: 'flood-stdout', args: [String(2 * 2 ** 30)] },
  { label: '10 MB line without newline', fixture: 'long-line', args: [] },
  { label: '1e6-deep JSON', fixture: 'deep-json-depth', args: ['1000000'] },
  { label: '1 MiB of \\x01 per answer', fixture: 'control-flood', args: [] },
  { label: 'terminal results filling 1 MiB', fixture: 'results-fill-bound', args: [] },
];

async function runSubject(cli, work, subject, seed) {
  const name = [subject.fixture, ...subject.args].join('-');
  const configPath = join(work, `${name}.json`);
  const command = hostileFixtureCommand(subject.fixture, subject.args);
  writeFileSync(configPath, JSON.stringify({ protocol: 'algal.coding-operation.v1', authorityId: 'reference-ledger', ...command }));
  const outDir = join(work, `${name}-report`);
  const started = performance.now();
  const child = spawn(process.execPath, [cli, 'run', configPath, '--out', outDir, '--seed', seed, '--runs', '3', '--timeout-ms', '2000'], {
    env: { ...process.env, CI: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Adapter processes (each call's launcher and everything under it) are not the suite's.
  const atPeak = { root: 0, descendants: 0 };
  const stopWatching = watchTreeMemory(child.pid, { excludeNames: ['aq-launch'], atPeak });
  const loadBefore = loadavg()[0];
  let summary = '';
  child.stdout.on('data', (chunk) => (summary += chunk));
  child.stderr.on('data', (chunk) => (summary += chunk));
  const exitCode = await new Promise((done) => child.on('close', done));
  const peakMB = stopWatching() / MB;
  const verdict = /: ([A-Z-]+) \(exit code/.exec(summary)?.[1] ?? '?';
  const transcriptMiB = (() => {
    try {
      return readFileSync(join(outDir, 'transcript.jsonl')).byteLength / 2 ** 20;
    } catch {
      return Number.NaN;
    }
  })();
  rmSync(outDir, { recursive: true, force: true });
  return {
    label: subject.label,
    exitCode,
    verdict,
    wallS: (performance.now() - started) / 1000,
    peakMB,
    cliMB: atPeak.root / MB,
    othersMB: atPeak.descendants / MB,
    load: `${loadBefore.toFixed(1)}–${loadavg()[0].toFixed(1)}`,
    transcriptMiB,
  };
}

/**
 * Runs every hostile subject and prints one row each.
 * @param {{cli: string, seed: string, only?: string}} options - `only`: run only subjects whose fixture name contains it
 * @returns {Promise<boolean>} every subject within the target and ended in exit 0 or 1
 */
export async function hostileBench({ cli, seed, only }) {
  const subjects = SUBJECTS.filter((candidate) => only === undefined || candidate.fixture.includes(only));
  if (subjects.length === 0) {
    // Nothing measured is no result: never a green "every subject within the target".
    process.stderr.write(`bench --hostile: --only ${JSON.stringify(only)} matches no subject (${[...new Set(SUBJECTS.map((subject) => subject.fixture))].join(', ')})\n`);
    return false;
  }
  const work = mkdtempSync(join(tmpdir(), 'adapter-qualify-hostile-bench-'));
  const rows = [];
  try {
    for (const subject of subjects) {
      const row = await runSubject(cli, work, subject, seed);
      rows.push(row);
      process.stderr.write(
        `bench: ${row.label}: peak ${row.peakMB.toFixed(0)} MB (${row.peakMB <= TARGET_MB ? 'within' : 'OVER'} the ${TARGET_MB} MB target), exit ${row.exitCode}, load ${row.load}\n`,
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const fixed = (value, digits = 0) => value.toFixed(digits);
  const lines = [
    `adapter-qualify bench --hostile: ${process.version}, ${process.platform}/${process.arch}, --runs 3 --timeout-ms 2000, seed ${seed}; target ≤ ${TARGET_MB} MB peak RSS of the suite's own processes`,
    '',
    '| subject | exit | verdict | wall s | load (1 min) | suite peak RSS MB | of which CLI / other suite processes | within target | transcript MiB |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.label} | ${row.exitCode} | ${row.verdict} | ${fixed(row.wallS, 1)} | ${row.load} | ${fixed(row.peakMB)} | ${fixed(row.cliMB)} / ${fixed(row.othersMB)} | ${row.peakMB <= TARGET_MB ? 'yes' : 'NO'} | ${fixed(row.transcriptMiB, 1)} |`,
    ),
    '',
    rows.every((row) => row.peakMB <= TARGET_MB)
      ? `every subject within the ${TARGET_MB} MB target`
      : `OVER the ${TARGET_MB} MB target: ${rows
          .filter((row) => row.peakMB > TARGET_MB)
          .map((row) => row.label)
          .join('; ')}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  return rows.every((row) => row.peakMB <= TARGET_MB && (row.exitCode === 0 || row.exitCode === 1));
}
