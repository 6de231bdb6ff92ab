// The ACP row of `npm run bench`: the reference agent's default run, how many agent processes it started,
// and the time spent starting them (spawn to initialize answered) against the time in cases.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';

/** Target wall time of the reference agent's default run (issue: ≤ 30 s on 2 idle cores). */
const TARGET_S = 30;

/**
 * Runs `adapter-qualify run adapters/acp-reference/agent.json` once and returns the table lines.
 * @param {{ cli: string, packageRoot: string, work: string, seed: string }} options
 * @returns {Promise<string[]>}
 */
export async function acpBench({ cli, packageRoot, work, seed }) {
  const out = join(work, 'acp-reference');
  const loadBefore = loadavg()[0];
  const started = process.hrtime.bigint();
  const exitCode = await new Promise((resolve) => {
    execFile(
      process.execPath,
      [cli, 'run', join(packageRoot, 'adapters', 'acp-reference', 'agent.json'), '--out', out, '--seed', seed],
      { env: { ...process.env, CI: 'true' }, maxBuffer: 16 * 1024 * 1024 },
      (error) => resolve(error === null ? 0 : (error.code ?? 'error')),
    );
  });
  const wallS = Number(process.hrtime.bigint() - started) / 1e9;
  const report = JSON.parse(readFileSync(join(out, 'acceptance.json'), 'utf8'));
  const { agentProcesses, startupMs, caseMs } = report.run.acp;
  const fixed = (value, digits = 1) => value.toFixed(digits);
  return [
    'ACP agents (acp-agent.v1), default run:',
    '',
    '| agent | verdict | exit | wall s | agent processes | start-up s | cases s | MUST pass/fail/open | load avg (1 min) before, after |',
    '|---|---|---|---|---|---|---|---|---|',
    `| reference (node, SDK) | ${report.verdict} | ${exitCode} | ${fixed(wallS)} | ${agentProcesses} | ${fixed(startupMs / 1000)} | ${fixed(caseMs / 1000)} | ${report.summary.must.pass}/${report.summary.must.fail}/${report.summary.must.skip + report.summary.must.inconclusive} | ${fixed(loadBefore)}, ${fixed(loadavg()[0])} |`,
    '',
    `Target: the reference agent's default run ≤ ${TARGET_S} s: ${wallS <= TARGET_S ? 'met' : 'NOT met'} (${fixed(wallS)} s).`,
  ];
}
