import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliCommand } from '../../harness/__test-helpers__/runQualifyCli.js';
import { packageRoot } from '../../harness/packageRoot.js';
import type { AcpAcceptanceReport } from '../../reports/acp/buildAcpReport.js';

// Hostile ACP agents end in a report (exit 0 or 1, never 3, never a hang), and none of their processes survives the run.

const work = mkdtempSync(join(tmpdir(), 'acp-hostile-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const FAST = ['--seed', '1', '--bootstrap-timeout-ms', '1500', '--inactivity-ms', '3000'];

function configFor(fixture: string): string {
  const file = join(work, `${fixture}.json`);
  const executable = join(packageRoot, 'adapters', 'acp-hostile', fixture);
  const config = fixture.endsWith('.mjs') ? { profile: 'acp-agent.v1', executable: process.execPath, argv: [executable] } : { profile: 'acp-agent.v1', executable, passEnv: ['PATH'] };
  writeFileSync(file, JSON.stringify(config));
  return file;
}

function survivors(pattern: RegExp): string[] {
  const table = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return table.split('\n').filter((line) => pattern.test(line));
}

function verdicts(report: AcpAcceptanceReport | null): Record<string, string> {
  return Object.fromEntries((report?.clauses ?? []).map((entry) => [entry.id, entry.verdict]));
}

async function qualify(fixture: string, extra: readonly string[] = []) {
  const run = await runCliCommand<AcpAcceptanceReport>('run', [configFor(fixture)], join(work, `out-${fixture}`), [...FAST, ...extra], 240_000);
  expect([0, 1], `${fixture}: ${run.stderr.slice(0, 400)}`).toContain(run.exitCode);
  expect(run.report?.profile).toBe('acp-agent.v1');
  return { run, verdicts: verdicts(run.report) };
}

describe('hostile ACP agents', { timeout: 300_000 }, () => {
  it('never answers initialize: ACP-INIT-RESPONDS FAILs within the bootstrap bound', async () => {
    const { verdicts: got } = await qualify('never-answers.sh');
    expect(got['ACP-INIT-RESPONDS']).toBe('FAIL');
    expect(got['ACP-SESS-NEW']).toBe('INCONCLUSIVE');
  });

  it('prints a gigabyte without a newline: ACP-FRM-LINE FAILs, nothing survives', async () => {
    const { verdicts: got } = await qualify('gigabyte-no-newline.sh', ['--frame-bytes', '1048576', '--only', 'ACP-INIT-RESPONDS']);
    expect(got['ACP-FRM-LINE']).toBe('FAIL');
    expect(survivors(/sleep 1001/)).toEqual([]);
  });

  it('closes stdout and keeps running: a report, no survivor', async () => {
    const { verdicts: got } = await qualify('closes-stdout.sh');
    expect(got['ACP-INIT-RESPONDS']).toBe('FAIL');
    expect(survivors(/sleep 1002/)).toEqual([]);
  });

  it('exits at once: the death is reported with its status and stderr', async () => {
    const { run, verdicts: got } = await qualify('exits-at-once.sh');
    expect(got['ACP-INIT-RESPONDS']).toBe('FAIL');
    const reason = run.report?.clauses.find((entry) => entry.id === 'ACP-INIT-RESPONDS')?.reason ?? '';
    expect(reason).toContain('exit code 3');
    expect(reason).toContain('starting');
  });

  it('forks and exits: its child is killed with the run', async () => {
    await qualify('forks-and-exits.sh');
    expect(survivors(/sleep 1003/)).toEqual([]);
  });

  it('floods stderr: a report, the stderr kept bounded', async () => {
    const { run } = await qualify('floods-stderr.sh');
    expect(run.report?.clauses.find((entry) => entry.id === 'ACP-INIT-RESPONDS')?.verdict).toBe('FAIL');
    expect(survivors(/yes error: something/)).toEqual([]);
  });

  it("answers with another request's id: ACP-FRM-ONE-RESPONSE FAILs naming the frame", async () => {
    const { run, verdicts: got } = await qualify('wrong-ids.mjs');
    expect(got['ACP-FRM-ONE-RESPONSE']).toBe('FAIL');
    expect(run.report?.clauses.find((entry) => entry.id === 'ACP-FRM-ONE-RESPONSE')?.reason).toMatch(/agent→client frame \d+: `/);
  });

  it('a configuration error exits 2 naming the field, before any process starts', async () => {
    const file = join(work, 'bad.json');
    writeFileSync(file, JSON.stringify({ profile: 'acp-agent.v1', executable: 'relative/agent', argv: [] }));
    const run = await runCliCommand('run', [file], join(work, 'out-bad'), [], 60_000);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('executable');
    writeFileSync(file, JSON.stringify({ profile: 'acp-agent.v1', executable: '/bin/sh', argv: [], surprise: true }));
    const unknown = await runCliCommand('run', [file], join(work, 'out-bad'), [], 60_000);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('surprise');
  });
});
