// `npm run bench -- --fault-methods`: the fault suites' wall time by syscall (the step tracer)
// against the timing fallback, on the reference adapter.
//
// For each clause (SEM-CRASH-CONSISTENT, SEM-UNCERTAIN-RECOVERY) and each method, it
// runs `adapter-qualify run --only CLAUSE` (default options, a fixed seed) once, the
// timing runs with ADAPTER_QUALIFY_PYTHON pointing at no interpreter (the fallback's own
// switch), and prints the run's wall time, the clause's own time (durationMs), its
// verdict, method and case count, and the load average before and after: on a shared
// machine the numbers mean little without it. Rounds alternate the methods so a change
// in load hits both alike.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const CLAUSES = ['SEM-CRASH-CONSISTENT', 'SEM-UNCERTAIN-RECOVERY'];
/** The timing fallback is taken when the step tracer's interpreter is missing; this path never holds one. */
const NO_TRACER = '/nonexistent/python3';

async function runOnce(cli, configPath, out, clause, method, seed) {
  const env = { ...process.env, CI: 'true', ...(method === 'timing' ? { ADAPTER_QUALIFY_PYTHON: NO_TRACER } : {}) };
  if (method === 'syscall') delete env.ADAPTER_QUALIFY_PYTHON;
  const loadBefore = loadavg()[0];
  const started = performance.now();
  const child = spawn(process.execPath, [cli, 'run', configPath, '--out', out, '--seed', seed, '--only', clause], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const exitCode = await new Promise((done) => child.on('close', done));
  const wallS = (performance.now() - started) / 1000;
  const report = JSON.parse(readFileSync(join(out, 'acceptance.json'), 'utf8'));
  const entry = report.clauses.find((candidate) => candidate.id === clause) ?? {};
  return {
    clause,
    method,
    exitCode,
    wallS,
    clauseS: (entry.durationMs ?? NaN) / 1000,
    verdict: entry.verdict ?? '?',
    seen: entry.method ?? '?',
    cases: entry.cases ?? '?',
    loadBefore,
    loadAfter: loadavg()[0],
  };
}

/**
 * Runs the comparison and prints a Markdown table; returns the exit code (1 when a run
 * did not use the method it was meant to, or a clause did not PASS).
 * @param {{ cli: string, packageRoot: string, seed: string, rounds: number }} options
 */
export async function faultMethods({ cli, packageRoot, seed, rounds }) {
  const work = mkdtempSync(join(tmpdir(), 'adapter-qualify-fault-bench-'));
  const configPath = join(packageRoot, 'adapters', 'reference', 'adapter.json');
  const rows = [];
  try {
    for (let round = 0; round < rounds; round += 1) {
      const methods = round % 2 === 0 ? ['syscall', 'timing'] : ['timing', 'syscall'];
      for (const clause of CLAUSES) for (const method of methods) rows.push(await runOnce(cli, configPath, join(work, `${round}-${clause}-${method}`), clause, method, seed));
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const fixed = (value) => value.toFixed(1);
  const lines = [
    `adapter-qualify fault suites on the reference adapter: ${process.version}, seed ${seed}, ${rounds} round(s)`,
    '',
    '| clause | method | verdict | cases | clause s | run wall s | load before → after |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (row) => `| ${row.clause} | ${row.seen} | ${row.verdict} | ${row.cases} | ${fixed(row.clauseS)} | ${fixed(row.wallS)} | ${fixed(row.loadBefore)} → ${fixed(row.loadAfter)} |`,
    ),
    '',
  ];
  for (const clause of CLAUSES) {
    const total = (method) => rows.filter((row) => row.clause === clause && row.method === method).reduce((sum, row) => sum + row.clauseS, 0) / rounds;
    lines.push(`${clause}: syscall ${fixed(total('syscall'))} s, timing ${fixed(total('timing'))} s (mean clause time)`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  return rows.every((row) => row.seen === row.method && row.verdict === 'PASS') ? 0 : 1;
}
