#!/usr/bin/env node
// `npm run bench -- --self-check-under-load`: self-check of the fault mutants (or of the mutants named, of
// any profile, or of all with `--mutant all`) while a CPU hog runs (two busy loops per core), several
// rounds in a row. It passes only when every round scores 100% in every profile it ran, each control is
// green, and no fault clause of any run fell back to timing (`method: "timing"`): a verdict that needs an
// idle machine is not evidence.
//
// Usage: npm run build && node bench/selfCheckUnderLoad.mjs [--rounds N] [--mutant a,b|all] [--seeds N] [--out DIR]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(packageRoot, 'dist', 'harness', 'cli', 'main.js');
/** The mutants whose verdicts a timed fault sweep used to leave to luck. */
const FAULT_MUTANTS = 'admission-written-in-place,unparsable-record-readmitted,overrun-submit-rolls-back,admission-torn-in-1ms,admission-linked-before-written';
const FAULT_CLAUSES = new Set(['SEM-CRASH-CONSISTENT', 'SEM-UNCERTAIN-RECOVERY']);

/**
 * Runs the rounds and prints one line per round.
 * @param {string[]} args - command-line arguments
 * @returns {Promise<number>} the exit code: 0 when every round scored 100% with no timing fallback
 */
export async function selfCheckUnderLoad(args) {
  const { values } = parseArgs({
    args,
    options: {
      rounds: { type: 'string', default: '3' },
      mutant: { type: 'string', default: FAULT_MUTANTS },
      seeds: { type: 'string' },
      out: { type: 'string' },
      'self-check-under-load': { type: 'boolean' },
    },
  });
  const out = values.out ?? mkdtempSync(join(tmpdir(), 'self-check-under-load-'));
  const hogs = Array.from({ length: 2 * availableParallelism() }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  let failures = 0;
  try {
    for (let round = 1; round <= Number(values.rounds); round += 1) {
      const dir = join(out, `round-${round}`);
      const started = Date.now();
      const selection = values.mutant === 'all' ? [] : ['--mutant', values.mutant];
      const seeds = values.seeds === undefined ? [] : ['--seeds', values.seeds];
      const exitCode = await run([cli, 'self-check', ...selection, ...seeds, '--out', dir]);
      const scores = profileScores(dir);
      const timing = timingFallbacks(dir);
      const ok = exitCode === 0 && scores.length > 0 && scores.every((score) => score.ok) && timing.length === 0;
      if (!ok) failures += 1;
      console.log(
        `round ${round}: exit ${exitCode}, ${scores.map((score) => score.line).join(', ') || 'no self-check report'}, ` +
          `${timing.length === 0 ? 'no timing fallback' : `timing fallback in ${timing.join(', ')}`}, ${((Date.now() - started) / 1000).toFixed(1)} s — ${ok ? 'ok' : 'FAILED'}`,
      );
    }
  } finally {
    for (const hog of hogs) hog.kill('SIGKILL');
  }
  console.log(`${failures === 0 ? 'passed' : 'FAILED'}: reports in ${out}`);
  return failures === 0 ? 0 : 1;
}

/** The score of each profile's self-check report the round wrote. */
function profileScores(dir) {
  const scores = [];
  const first = join(dir, 'self-check.json');
  if (existsSync(first)) {
    const { score } = JSON.parse(readFileSync(first, 'utf8'));
    scores.push({ ok: score.percent === 100, line: `score ${score.percent}% (${score.killed}/${score.judgeable})` });
  }
  const acp = join(dir, 'acp-self-check.json');
  if (existsSync(acp)) {
    const { control, rows, score, seeds } = JSON.parse(readFileSync(acp, 'utf8'));
    const judged = rows.filter((row) => row.status !== 'not-judged');
    const killed = judged.filter((row) => row.status === 'killed').length;
    scores.push({
      ok: control.green && score === 1,
      line: `ACP ${control.green ? '' : 'control NOT green, '}score ${Math.round(score * 100)}% (${killed}/${judged.length}${seeds.length > 1 ? `, each with ${seeds.length} seeds` : ''})`,
    });
  }
  return scores;
}

/** Runs of the self-check whose fault clauses were judged by timing. */
function timingFallbacks(dir) {
  const found = [];
  for (const group of ['control', 'mutants']) {
    const base = join(dir, group);
    if (!existsSync(base)) continue;
    const runs = group === 'control' ? [''] : readdirSync(base);
    for (const name of runs) {
      const file = join(base, name, 'acceptance.json');
      if (!existsSync(file)) continue;
      const clauses = JSON.parse(readFileSync(file, 'utf8')).clauses;
      if (clauses.some((clause) => FAULT_CLAUSES.has(clause.id) && clause.method === 'timing')) found.push(name || group);
    }
  }
  return found;
}

function run(argv) {
  return new Promise((resolveRun) => {
    const child = spawn(process.execPath, argv, { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) => resolveRun(code ?? 1));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await selfCheckUnderLoad(process.argv.slice(2));
