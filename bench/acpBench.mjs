// The ACP rows of `npm run bench`: the reference agent's default run and gemini-cli's through the loopback model
// stub (when gemini-cli is installed), how many agent processes each started, and the time spent starting them
// (spawn to initialize answered) against the time in cases.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';

/** Target wall time of the reference agent's default run (issue: ≤ 30 s on 2 idle cores). */
const TARGET_S = 30;

/** Target wall time of gemini-cli's default run through the stub (issue #39: ≤ 3 min on 2 idle cores). */
const GEMINI_TARGET_S = 180;

/** Where .ci/run installs gemini-cli unless ADAPTER_QUALIFY_GEMINI_DIR says otherwise. */
const GEMINI_DEFAULT_DIR = '/tmp/adapter-qualify-gemini-cli';

/**
 * Runs `adapter-qualify run <config>` once.
 * @param {{ cli: string, config: string, out: string, seed: string, env?: Record<string, string> }} options
 */
async function timedRun({ cli, config, out, seed, env = {} }) {
  const loadBefore = loadavg()[0];
  const started = process.hrtime.bigint();
  const exitCode = await new Promise((resolve) => {
    execFile(process.execPath, [cli, 'run', config, '--out', out, '--seed', seed], { env: { ...process.env, CI: 'true', ...env }, maxBuffer: 16 * 1024 * 1024 }, (error) =>
      resolve(error === null ? 0 : (error.code ?? 'error')),
    );
  });
  const wallS = Number(process.hrtime.bigint() - started) / 1e9;
  const report = JSON.parse(readFileSync(join(out, 'acceptance.json'), 'utf8'));
  return { exitCode, wallS, report, loadBefore, loadAfter: loadavg()[0] };
}

const fixed = (value, digits = 1) => value.toFixed(digits);

function row(label, { exitCode, wallS, report, loadBefore, loadAfter }) {
  const { agentProcesses, startupMs, caseMs } = report.run.acp;
  const must = report.summary.must;
  return `| ${label} | ${report.verdict} | ${exitCode} | ${fixed(wallS)} | ${agentProcesses} | ${fixed(startupMs / 1000)} | ${fixed(caseMs / 1000)} | ${must.pass}/${must.fail}/${must.skip + must.inconclusive} | ${fixed(loadBefore)}, ${fixed(loadAfter)} |`;
}

/**
 * A time target's line: met only by a run that got its agent going (ACP-INIT-RESPONDS PASS); a run that
 * never started the agent is quick and proves nothing about the target.
 */
function targetLine(what, run, targetS) {
  const started = run.report.clauses.find((entry) => entry.id === 'ACP-INIT-RESPONDS')?.verdict === 'PASS';
  if (!started) return `Target: ${what} ≤ ${targetS} s: not measured (the agent never answered initialize: see its report).`;
  return `Target: ${what} ≤ ${targetS} s: ${run.wallS <= targetS ? 'met' : 'NOT met'} (${fixed(run.wallS)} s).`;
}

/**
 * Runs the reference agent's default run, then gemini-cli's (skipped with a line saying why when it is not
 * installed), and returns the table lines.
 * @param {{ cli: string, packageRoot: string, work: string, seed: string }} options
 * @returns {Promise<string[]>}
 */
export async function acpBench({ cli, packageRoot, work, seed }) {
  const reference = await timedRun({ cli, config: join(packageRoot, 'adapters', 'acp-reference', 'agent.json'), out: join(work, 'acp-reference'), seed });
  const geminiDir = process.env.ADAPTER_QUALIFY_GEMINI_DIR ?? GEMINI_DEFAULT_DIR;
  const geminiInstalled = existsSync(join(geminiDir, 'node_modules', '@google', 'gemini-cli', 'bundle', 'gemini.js'));
  // The folder is named to the run (as .ci/gemini-cli does): the sandbox binds it back, its /tmp is private.
  const gemini = geminiInstalled
    ? await timedRun({ cli, config: join(packageRoot, 'adapters', 'gemini-cli', 'agent.json'), out: join(work, 'gemini-cli'), seed, env: { ADAPTER_QUALIFY_GEMINI_DIR: geminiDir } })
    : null;
  const lines = [
    'ACP agents (acp-agent.v1), default run:',
    '',
    '| agent | verdict | exit | wall s | agent processes | start-up s | cases s | MUST pass/fail/open | load avg (1 min) before, after |',
    '|---|---|---|---|---|---|---|---|---|',
    row('reference (node, SDK)', reference),
  ];
  if (gemini !== null) lines.push(row('gemini-cli (stub)', gemini));
  lines.push('', targetLine("the reference agent's default run", reference, TARGET_S));
  if (gemini === null) {
    lines.push(`gemini-cli (stub): not installed in ${geminiDir} (set ADAPTER_QUALIFY_GEMINI_DIR; .ci/run installs it), row left out.`);
  } else {
    const { agentProcesses, startupMs } = gemini.report.run.acp;
    const oneStartS = startupMs / 1000 / Math.max(1, agentProcesses);
    lines.push(
      `gemini-cli (stub): one start-up (spawn to initialize answered) takes ${fixed(oneStartS)} s on average; the run costs ${fixed(gemini.wallS / oneStartS)} start-ups of wall time, ${fixed((startupMs / 1000 / gemini.wallS) * 100, 0)} % of it starting agents.`,
      targetLine("gemini-cli's default run", gemini, GEMINI_TARGET_S),
    );
  }
  return lines;
}
