import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliCommand } from '../__test-helpers__/runQualifyCli.js';
import { packageRoot } from '../packageRoot.js';
import type { AcpAcceptanceReport } from '../../reports/acp/buildAcpReport.js';
import { acpVerifyCommand } from './acpCommands.js';

// `merge` of ACP runs: two runs of one mutant (each its own --only slice and seed) become one report whose
// verdicts come from both runs' evidence, whose FAIL keeps its run's seed, path and replay, and whose
// transcript numbers the agents on so that `verify` agrees with the merged report.

const work = mkdtempSync(join(tmpdir(), 'acp-merge-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const config = join(work, 'mutant.json');
writeFileSync(
  config,
  JSON.stringify({
    profile: 'acp-agent.v1',
    executable: process.execPath,
    argv: [join(packageRoot, 'dist', 'adapters', 'acp-mutants', 'main.js'), '--mutant', 'large-number-id-as-string'],
    env: {},
    passEnv: [],
  }),
);

describe('merge of ACP runs', { timeout: 600_000 }, () => {
  it('rebuilds the verdicts from every run, keeps the FAIL with its own seed and path, and its transcript verifies', async () => {
    const [ids, unknown] = await Promise.all([
      runCliCommand<AcpAcceptanceReport>('run', [config], join(work, 'ids'), ['--seed', '11', '--only', 'ACP-ROB-ID-TYPES'], 240_000),
      runCliCommand<AcpAcceptanceReport>('run', [config], join(work, 'unknown'), ['--seed', '12', '--only', 'ACP-ROB-UNKNOWN-METHOD'], 240_000),
    ]);
    expect([ids.exitCode, unknown.exitCode]).toEqual([1, 0]);
    const verdictIn = (report: AcpAcceptanceReport | null, id: string) => report?.clauses.find((entry) => entry.id === id)?.verdict;
    expect(verdictIn(ids.report, 'ACP-ROB-UNKNOWN-METHOD')).toBe('SKIP');
    expect(verdictIn(unknown.report, 'ACP-ROB-ID-TYPES')).toBe('SKIP');

    const merged = await runCliCommand<AcpAcceptanceReport>('merge', [join(work, 'ids'), join(work, 'unknown')], join(work, 'merged'), [], 120_000);
    expect(merged.exitCode, merged.stderr).toBe(1);
    const report = merged.report!;
    expect(verdictIn(report, 'ACP-ROB-UNKNOWN-METHOD')).toBe('PASS');
    const failed = report.clauses.find((entry) => entry.id === 'ACP-ROB-ID-TYPES');
    const original = ids.report!.clauses.find((entry) => entry.id === 'ACP-ROB-ID-TYPES');
    expect(failed).toMatchObject({ verdict: 'FAIL', seed: 11 });
    expect(failed?.verdict === 'FAIL' && original?.verdict === 'FAIL' ? [failed.path, failed.replay] : null).toEqual(
      original?.verdict === 'FAIL' ? [original.path, original.replay] : 'not a FAIL',
    );
    expect(report.run.acp.merged).toEqual([
      { seed: 11, runs: 4, only: 'ACP-ROB-ID-TYPES' },
      { seed: 12, runs: 4, only: 'ACP-ROB-UNKNOWN-METHOD' },
    ]);
    expect(report.run.acp.agentProcesses).toBe(ids.report!.run.acp.agentProcesses + unknown.report!.run.acp.agentProcesses);

    // The second run's agents are numbered on in the merged transcript, and the merged report agrees with it.
    const agents = new Set(
      readFileSync(join(work, 'merged', 'transcript.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { agent: number }).agent),
    );
    expect(agents.size).toBe(report.run.acp.agentProcesses);
    let text = '';
    const io = { stdout: { write: (chunk: string) => ((text += chunk), true) }, stderr: { write: (chunk: string) => ((text += chunk), true) } };
    expect(await acpVerifyCommand([join(work, 'merged', 'transcript.jsonl')], io)).toBe(1);
    expect(text).toContain('agrees with the transcript');
    // The merged report is bound to the merged transcript, not to the first run's.
    expect(report.run.transcript).not.toEqual(ids.report!.run.transcript);
    expect(text).toMatch(/^transcript: sha256 [0-9a-f]{64} \(\d+ bytes\), as .*acceptance\.json records$/m);
  });

  it('refuses runs of another agent, naming what differs', async () => {
    const other = join(work, 'other.json');
    writeFileSync(
      other,
      JSON.stringify({ profile: 'acp-agent.v1', executable: process.execPath, argv: [join(packageRoot, 'dist', 'adapters', 'acp-reference', 'main.js')], env: {}, passEnv: [] }),
    );
    await runCliCommand('run', [other], join(work, 'reference'), ['--seed', '11', '--only', 'ACP-ROB-INVALID'], 240_000);
    const refused = await runCliCommand('merge', [join(work, 'ids'), join(work, 'reference')], join(work, 'mixed'), [], 120_000);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/not runs of one agent under one set of rules: their subject differs/);
  });
});
