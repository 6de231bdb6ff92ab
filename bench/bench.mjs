#!/usr/bin/env node
// `npm run bench`: how close the suite comes to the bare cost of spawning the adapter.
//
// For the reference adapter and a small native (C) adapter built here with gcc, it
// runs the default suite (`adapter-qualify run`, default options, a fixed seed) and
// counts the calls in its transcript, then spawns the same adapter the same number
// of times, with the same argv and stdin (the transcript's requests), at the same
// concurrency, in a bare loop (execa, in a fresh process: bench/bareLoop.mjs). It
// prints calls/s of both and their ratio, the run's wall time and the peak memory of its whole process tree (polled from
// /proc), and the throughput of `adapter-qualify verify` on a synthetic transcript.
//
// With --hostile it instead measures the suite's own peak memory against hostile
// adapters (bench/hostileBench.mjs) and exits 1 when a subject passes the target.
//
// The native adapter's run takes a few seconds, and on a shared machine one run against one
// bare loop swung by ten points either way: it is measured in --native-pairs pairs (suite,
// then bare loop), and the pair of median ratio is the one reported, every pair's ratio beside it.
//
// Usage: npm run build && node bench/bench.mjs [--verify-lines N] [--verify-bindings N] [--skip-verify] [--native-pairs N] [--only reference|native|verify] [--run-arg ARG]... [--hostile [--only FIXTURE]]
//        (--run-arg: one more argument of each suite run, e.g. --run-arg=--no-sandbox to measure without the sandbox)
//        npm run bench -- --self-check-under-load [--rounds N] [--mutant a,b|all] [--seeds N]   (see selfCheckUnderLoad.mjs)
//        npm run bench -- --fault-methods [--rounds N]   (the fault suites by syscall and by timing; see faultMethods.mjs)
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { watchTreeMemory } from './treeMemory.mjs';
import { runSplit } from './runSplit.mjs';
import { verifyBench } from './verifyBench.mjs';
import { targetLines } from './benchTargets.mjs';

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(packageRoot, 'dist', 'harness', 'cli', 'main.js');
const { values } = parseArgs({
  options: {
    'verify-lines': { type: 'string', default: '1000000' },
    'verify-bindings': { type: 'string', default: '25000' },
    'skip-verify': { type: 'boolean', default: false },
    'native-pairs': { type: 'string', default: '3' },
    only: { type: 'string' },
    seed: { type: 'string', default: '1' },
    'self-check-under-load': { type: 'boolean', default: false },
    rounds: { type: 'string' },
    mutant: { type: 'string' },
    seeds: { type: 'string' },
    out: { type: 'string' },
    hostile: { type: 'boolean', default: false },
    'fault-methods': { type: 'boolean', default: false },
    'run-arg': { type: 'string', multiple: true, default: [] },
  },
});
if (values['self-check-under-load']) {
  const { selfCheckUnderLoad } = await import('./selfCheckUnderLoad.mjs');
  process.exit(await selfCheckUnderLoad(process.argv.slice(2)));
}
if (!existsSync(cli)) {
  process.stderr.write('bench: dist/ is missing: run `npm run build` first\n');
  process.exit(2);
}
if (values.hostile) {
  const { hostileBench } = await import('./hostileBench.mjs');
  process.exit((await hostileBench({ cli, seed: values.seed, only: values.only })) ? 0 : 1);
}
if (values['fault-methods']) {
  const { faultMethods } = await import('./faultMethods.mjs');
  process.exit(await faultMethods({ cli, packageRoot, seed: values.seed, rounds: Number(values.rounds ?? '1') }));
}
const work = mkdtempSync(join(tmpdir(), 'adapter-qualify-bench-'));
const CONCURRENCY = 4; // the run's default --concurrency

/** Runs the suite with default options; returns wall time, its split, calls, case counts and peak tree memory. */
async function suiteRun(configPath, label) {
  // Outside every adapter's directory: the suite refuses a report the adapter could write.
  const outDir = join(work, 'reports', label.replace(/[^a-z0-9]+/gi, '-'));
  const loadBefore = loadavg()[0];
  const started = performance.now();
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, [cli, 'run', configPath, '--out', outDir, '--seed', values.seed, ...values['run-arg']], {
    env: { ...process.env, CI: 'true' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stopWatching = watchTreeMemory(child.pid);
  let summary = '';
  child.stdout.on('data', (chunk) => (summary += chunk));
  const exitCode = await new Promise((done) => child.on('close', done));
  const wallMs = performance.now() - started;
  const exitedAt = Date.now();
  const peakBytes = stopWatching();
  const lines = readFileSync(join(outDir, 'transcript.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line !== '');
  const calls = lines.map((line) => {
    const { action, requestText, startedAt, endedAt } = JSON.parse(line);
    return { action, requestText, startedAt, endedAt };
  });
  const report = JSON.parse(readFileSync(join(outDir, 'acceptance.json'), 'utf8'));
  const split = runSplit({ spawnedAt, exitedAt, calls, reportWrittenFrom: oldestFileTime(outDir) });
  const load = { before: loadBefore, after: loadavg()[0] };
  return { exitCode, wallMs, split, peakBytes, calls, load, cases: caseCounts(report), verdict: /: ([A-Z-]+) \(exit code/.exec(summary)?.[1] ?? '?' };
}

/** Epoch ms at which the first file of a report directory was created (its birth time where the file system keeps one). */
function oldestFileTime(dir) {
  const times = readdirSync(dir, { recursive: true }).map((name) => {
    const stat = statSync(join(dir, name));
    return stat.birthtimeMs > 0 ? stat.birthtimeMs : stat.mtimeMs;
  });
  return times.length === 0 ? null : Math.min(...times);
}

/** What the run judged: clauses by verdict and the real cases behind them, so a faster run visibly dropped nothing. */
function caseCounts(report) {
  const byVerdict = {};
  for (const clause of report.clauses) byVerdict[clause.verdict] = (byVerdict[clause.verdict] ?? 0) + 1;
  return { cases: report.clauses.reduce((sum, clause) => sum + clause.cases, 0), byVerdict };
}

/** Replays `calls` in a bare loop (bench/bareLoop.mjs), in a fresh process: the bench's own heap would slow its forks. */
function bareLoop(config, cwd, calls) {
  const scratch = mkdtempSync(join(work, 'bare-scratch-'));
  const input = join(scratch, 'calls.json');
  writeFileSync(
    input,
    JSON.stringify({
      executable: config.executable,
      argvPrefix: config.argvPrefix,
      cwd,
      scratch,
      concurrency: CONCURRENCY,
      calls: calls.map(({ action, requestText }) => ({ action, requestText })),
    }),
  );
  const output = execFileSync(process.execPath, [join(packageRoot, 'bench', 'bareLoop.mjs'), input], { encoding: 'utf8', maxBuffer: 1 << 20 });
  rmSync(input);
  return JSON.parse(output);
}

async function measure(kind, label, configPath, pairs = 1) {
  const config = JSON.parse(readFileSync(configPath, 'utf8'));
  const measured = [];
  for (let pair = 1; pair <= pairs; pair += 1) measured.push(await measurePair(kind, pairs === 1 ? label : `${label} ${pair}`, config, configPath));
  // The pair of median ratio (the lower middle one of an even count), with every pair's ratio in run order.
  const median = [...measured].sort((a, b) => a.ratio - b.ratio)[Math.floor((measured.length - 1) / 2)];
  return { ...median, label, pairRatios: measured.map((row) => row.ratio) };
}

async function measurePair(kind, label, config, configPath) {
  const suite = await suiteRun(configPath, label);
  const bare = bareLoop(config, dirname(configPath), suite.calls);
  const calls = suite.calls.length;
  const suiteRate = calls / (suite.wallMs / 1000);
  const bareRate = calls / (bare.wallMs / 1000);
  return {
    kind,
    label,
    load: suite.load,
    verdict: suite.verdict,
    calls,
    cases: suite.cases,
    suiteS: suite.wallMs / 1000,
    suiteRate,
    bareS: bare.wallMs / 1000,
    bareRate,
    ratio: suiteRate / bareRate,
    peakMiB: suite.peakBytes / 2 ** 20,
    split: suite.split,
    // Wall time per call beyond the bare loop's, while calls were running (start-up and tail left out).
    perCallOverheadMs: (suite.split.callSpanMs - bare.wallMs) / calls,
    bareMeanCallMs: bare.meanCallMs,
  };
}

function nativeConfig() {
  const dir = join(work, 'native');
  mkdirSync(dir);
  const binary = join(dir, 'native-adapter');
  execFileSync('gcc', ['-O2', '-o', binary, join(packageRoot, 'bench', 'nativeAdapter.c')]);
  const configPath = join(dir, 'adapter.json');
  writeFileSync(configPath, JSON.stringify({ protocol: 'algal.coding-operation.v1', authorityId: 'native-bench', executable: binary, argvPrefix: ['native-bench'] }));
  return configPath;
}

const fixed = (value, digits = 1) => value.toFixed(digits);
try {
  if (values.only === 'acp') {
    const { acpBench } = await import('./acpBench.mjs');
    process.stdout.write(`${(await acpBench({ cli, packageRoot, work, seed: values.seed })).join('\n')}\n`);
    rmSync(work, { recursive: true, force: true });
    process.exit(0);
  }
  const rows = [];
  if (values.only !== 'native' && values.only !== 'verify') rows.push(await measure('reference', 'reference (node)', join(packageRoot, 'adapters', 'reference', 'adapter.json')));
  if (values.only !== 'reference' && values.only !== 'verify') rows.push(await measure('native', 'native (C)', nativeConfig(), Math.max(1, Number(values['native-pairs']))));
  const out = [
    `adapter-qualify bench: ${process.version}, ${process.platform}/${process.arch}, ${availableParallelism()} cores, concurrency ${CONCURRENCY}, seed ${values.seed}`,
    '',
    '| adapter | verdict | calls | suite wall s | suite calls/s | bare wall s | bare calls/s | suite/bare | every pair, in run order | run peak RSS MiB | load avg (1 min) before, after the suite run |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.label} | ${row.verdict} | ${row.calls} | ${fixed(row.suiteS)} | ${fixed(row.suiteRate)} | ${fixed(row.bareS)} | ${fixed(row.bareRate)} | ${fixed(row.ratio * 100, 0)}% | ${row.pairRatios.map((ratio) => `${fixed(ratio * 100, 0)}%`).join(', ')} | ${fixed(row.peakMiB, 0)} | ${fixed(row.load.before)}, ${fixed(row.load.after)} |`,
    ),
    '',
    'Where the suite wall time goes (start-up: CLI start to the first adapter process; calls: first spawn to last settle; tail: last settle to exit, of which report: first report file to exit):',
    '',
    '| adapter | start-up s | calls s | tail s | report s | overhead ms/call | mean call ms suite | mean call ms bare | cases | clauses by verdict |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      ({ label, split, perCallOverheadMs, bareMeanCallMs, cases }) =>
        `| ${label} | ${fixed(split.startupMs / 1000, 2)} | ${fixed(split.callSpanMs / 1000)} | ${fixed(split.tailMs / 1000, 2)} | ${split.reportWriteMs === null ? '?' : fixed(split.reportWriteMs / 1000, 2)} | ${fixed(perCallOverheadMs, 2)} | ${fixed(split.meanCallMs, 1)} | ${fixed(bareMeanCallMs, 1)} | ${cases.cases} | ${Object.entries(
          cases.byVerdict,
        )
          .map(([verdict, count]) => `${verdict} ${count}`)
          .join(', ')} |`,
    ),
  ];
  let verifySpeed = null;
  if (!values['skip-verify']) {
    const { table, speed } = await verifyBench({ cli, packageRoot, work, lines: Number(values['verify-lines']), bindings: Number(values['verify-bindings']) });
    out.push('', ...table);
    verifySpeed = speed;
  }
  if (values.only === undefined) {
    const { acpBench } = await import('./acpBench.mjs');
    out.push('', ...(await acpBench({ cli, packageRoot, work, seed: values.seed })));
  }
  const targets = targetLines(rows, verifySpeed);
  if (targets.length > 0) out.push('', 'Targets, from this run:', ...targets);
  process.stdout.write(`${out.join('\n')}\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
