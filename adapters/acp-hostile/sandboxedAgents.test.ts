import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliCommand } from '../../harness/__test-helpers__/runQualifyCli.js';
import { packageRoot } from '../../harness/packageRoot.js';
import { probeSandboxSupport } from '../../harness/transport/sandbox/openRunSandbox.js';
import type { AcpAcceptanceReport } from '../../reports/acp/buildAcpReport.js';

// ACP agents run in the run's sandbox: a prying agent finds none of the suite's environment and
// writes nowhere outside its roots, and the reference agent still qualifies inside it.

const bubblewrap = probeSandboxSupport().mechanism === 'bubblewrap';
const work = mkdtempSync(join(tmpdir(), 'acp-sandboxed-'));
// A place inside the suite's own package (hidden in the sandbox), made and removed here.
const insidePackage = join(packageRoot, 'node_modules', `.acp-pry-${randomBytes(4).toString('hex')}`);
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(insidePackage, { recursive: true, force: true });
});

const FAST = ['--seed', '1', '--bootstrap-timeout-ms', '1500', '--inactivity-ms', '3000', '--only', 'ACP-INIT-RESPONDS'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile());
}

describe.skipIf(!bubblewrap)('ACP agents in the sandbox', { timeout: 300_000 }, () => {
  it('a prying agent reads none of the suite environment and writes nothing outside its roots', async () => {
    mkdirSync(insidePackage);
    const outside = join(work, 'outside');
    mkdirSync(outside);
    const config = join(work, 'pries.json');
    writeFileSync(
      config,
      JSON.stringify({
        profile: 'acp-agent.v1',
        executable: join(packageRoot, 'adapters', 'acp-hostile', 'pries.sh'),
        env: { AQ_PRY_DIRS: `${outside}:${insidePackage}` },
        passEnv: ['PATH'],
      }),
    );
    const canary = `AQ_SANDBOX_CANARY=${randomBytes(12).toString('hex')}`;
    const out = join(work, 'out-pries');
    const run = await runCliCommand<AcpAcceptanceReport>('run', [config], out, FAST, 240_000, { AQ_SANDBOX_CANARY: canary.split('=')[1] ?? '' });
    expect([0, 1], run.stderr.slice(0, 400)).toContain(run.exitCode);
    expect(run.report?.run.sandbox?.mechanism).toBe('bubblewrap');
    expect(run.report?.run.sandbox?.namespaces).toMatchObject({ user: true, pid: true, mount: true, network: true });
    // The agent did run and print what it found (an empty find), so the absence below is evidence.
    const transcript = readFileSync(join(out, 'transcript.jsonl'), 'utf8');
    expect(transcript).toContain('found');
    const encodings = [canary, Buffer.from(`${canary}\n`).toString('base64'), Buffer.from(canary).toString('base64'), Buffer.from(canary).toString('hex'), canary.split('=')[1] ?? ''];
    for (const file of filesUnder(out)) {
      const text = readFileSync(file, 'utf8');
      for (const encoded of encodings) expect(text.includes(encoded), `${file} holds ${encoded}`).toBe(false);
    }
    expect(existsSync(join(outside, 'pried-by-agent'))).toBe(false);
    expect(existsSync(join(insidePackage, 'pried-by-agent'))).toBe(false);
    expect(
      execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
        .split('\n')
        .filter((line) => /sleep 1003/.test(line)),
    ).toEqual([]);
  });

  it("an agent writes only its own directory: it neither sees nor writes the run's other agents' directories (without the sandbox it does)", async () => {
    const config = join(work, 'pries-siblings.json');
    writeFileSync(config, JSON.stringify({ profile: 'acp-agent.v1', executable: join(packageRoot, 'adapters', 'acp-hostile', 'pries.sh'), passEnv: ['PATH'] }));
    const siblingsTold = async (name: string, extra: readonly string[]): Promise<{ readonly agents: number; readonly told: readonly string[] }> => {
      const out = join(work, name);
      const run = await runCliCommand<AcpAcceptanceReport>('run', [config], out, ['--seed', '1', '--bootstrap-timeout-ms', '1500', '--only', '^ACP-LIFE', ...extra], 240_000);
      const transcript = readFileSync(join(out, 'transcript.jsonl'), 'utf8');
      const told = [...transcript.matchAll(/siblingsSeen\\":([0-9]+),\\"siblingsWritten\\":([0-9]+)/g)].map((match) => `${match[1]} seen, ${match[2]} written`);
      return { agents: run.report?.run.acp.agentProcesses ?? 0, told };
    };
    const sandboxed = await siblingsTold('out-siblings', []);
    expect(sandboxed.agents, 'the run started several agents, each after the first with siblings').toBeGreaterThan(1);
    expect(sandboxed.told.length).toBe(sandboxed.agents);
    expect(new Set(sandboxed.told)).toEqual(new Set(['0 seen, 0 written']));
    // The same agents without the sandbox reach each other: what the sandbox withholds is there to reach.
    const unsandboxed = await siblingsTold('out-siblings-none', ['--no-sandbox']);
    expect(unsandboxed.told.some((line) => !line.endsWith(' 0 written'))).toBe(true);
  });

  it('a wrapper that leaves its agent behind FAILs ACP-LIFE-NO-ORPHANS in the sandbox too: the sandbox stays until the leftover is gone', async () => {
    const config = join(work, 'wrapper-leaves-child.json');
    const mutants = join(packageRoot, 'dist', 'adapters', 'acp-mutants', 'main.js');
    writeFileSync(config, JSON.stringify({ profile: 'acp-agent.v1', executable: process.execPath, argv: [mutants, '--mutant', 'wrapper-leaves-child'], passEnv: [] }));
    const out = join(work, 'out-wrapper');
    const run = await runCliCommand<AcpAcceptanceReport>('run', [config], out, ['--seed', '1', '--only', '^ACP-LIFE-SIGTERM'], 240_000);
    expect(run.report?.run.sandbox?.namespaces).toMatchObject({ pid: true });
    const clause = (id: string) => run.report?.clauses.find((entry) => entry.id === id);
    expect(clause('ACP-LIFE-SIGTERM')?.verdict).toBe('PASS');
    expect(clause('ACP-LIFE-NO-ORPHANS')).toMatchObject({ verdict: 'FAIL', reason: expect.stringMatching(/still ran 5000 ms after it exited on SIGTERM/) });
    expect(
      execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
        .split('\n')
        .filter((line) => line.includes(mutants)),
    ).toEqual([]);
  });

  it('--no-sandbox says so in the report', async () => {
    const out = join(work, 'out-none');
    const config = join(work, 'pries-none.json');
    writeFileSync(config, JSON.stringify({ profile: 'acp-agent.v1', executable: join(packageRoot, 'adapters', 'acp-hostile', 'pries.sh'), passEnv: ['PATH'] }));
    const run = await runCliCommand<AcpAcceptanceReport>('run', [config], out, [...FAST, '--no-sandbox'], 240_000);
    expect(run.report?.run.sandbox).toMatchObject({ mechanism: 'none', disabled: true });
    expect(run.report?.run.sandbox?.missing.join(' ')).toContain('--no-sandbox');
  });
});
