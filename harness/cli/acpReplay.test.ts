import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_BIN, runCliCommand } from '../__test-helpers__/runQualifyCli.js';
import { packageRoot } from '../packageRoot.js';
import type { AcpStoredFailure } from '../replay/acpFailureCases.js';
import type { AcpAcceptanceReport } from '../../reports/acp/buildAcpReport.js';

// `replay` of an ACP report: a mutant's shrunk FAIL is stored with its seed and path, the stored run
// re-runs only that case, `replay` reproduces the FAIL at the same clause, and the reference agent
// passes the very same replay.

const work = mkdtempSync(join(tmpdir(), 'acp-replay-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function agentConfig(name: string, argv: readonly string[]): string {
  const file = join(work, `${name}.json`);
  writeFileSync(file, JSON.stringify({ profile: 'acp-agent.v1', executable: process.execPath, argv, env: {}, passEnv: [] }));
  return file;
}

const mutant = agentConfig('mutant', [join(packageRoot, 'dist', 'adapters', 'acp-mutants', 'main.js'), '--mutant', 'large-number-id-as-string']);
const reference = agentConfig('reference', [join(packageRoot, 'dist', 'adapters', 'acp-reference', 'main.js')]);
const CLAUSE = 'ACP-ROB-ID-TYPES';

/** session/new requests the suite sent in a run (each case of the id property sends one). */
function sessionRequests(reportDir: string): number {
  const lines = readFileSync(join(reportDir, 'transcript.jsonl'), 'utf8').trim().split('\n');
  return lines.map((line) => JSON.parse(line) as { direction: string; raw: string }).filter((entry) => entry.direction === 'client→agent' && entry.raw.includes('"method":"session/new"'))
    .length;
}

describe('replay of an ACP report', { timeout: 600_000 }, () => {
  it('replays the shrunk case of a mutant at the same clause, and the reference passes the same replay', async () => {
    const out = join(work, 'run');
    const run = await runCliCommand<AcpAcceptanceReport>('run', [mutant], out, ['--seed', '7', '--only', CLAUSE], 240_000);
    expect(run.exitCode, run.stderr.slice(-600)).toBe(1);
    const entry = run.report?.clauses.find((clause) => clause.id === CLAUSE);
    expect(entry).toMatchObject({ verdict: 'FAIL', seed: 7, counterexample: { description: expect.stringMatching(/^smallest failing case: session\/new with request id/) } });
    const path = entry?.verdict === 'FAIL' ? entry.path : undefined;
    expect(path).toMatch(/^\d+(:\d+)*$/);
    expect(entry?.replay).toContain(`--replay-path ${path}`);
    expect(entry?.replay).toContain('--out qualify-replay-acp-rob-id-types');

    const stored = JSON.parse(readFileSync(join(out, 'failures', `${CLAUSE}.json`), 'utf8')) as AcpStoredFailure;
    expect(stored).toMatchObject({ profile: 'acp-agent.v1', clauseId: CLAUSE, seed: 7, path, config: mutant });

    // The stored run re-runs exactly the one shrunk case: one case of the clause, failing again with the same path.
    const again = await runCliCommand<AcpAcceptanceReport>('run', [mutant, ...stored.runArgs], join(work, 'again'), [], 240_000);
    const replayed = again.report?.clauses.find((clause) => clause.id === CLAUSE);
    expect(replayed).toMatchObject({ verdict: 'FAIL', path, counterexample: entry?.verdict === 'FAIL' ? entry.counterexample : undefined });
    expect(sessionRequests(join(work, 'again'))).toBe(1);
    expect(sessionRequests(out)).toBeGreaterThan(1);

    const failed = await execa(process.execPath, [CLI_BIN, 'replay', out, '--clause', CLAUSE], { reject: false, env: { CI: 'true' } });
    expect(failed.exitCode, failed.stderr).toBe(1);
    expect(failed.stdout).toMatch(new RegExp(`^FAILED\\s+${CLAUSE} \\(FAIL, FAIL, FAIL\\)`, 'm'));

    const fixed = await execa(process.execPath, [CLI_BIN, 'replay', out, '--clause', CLAUSE, '--adapter', reference], { reject: false, env: { CI: 'true' } });
    expect(fixed.exitCode, fixed.stderr).toBe(0);
    expect(fixed.stdout).toMatch(new RegExp(`^FIXED\\s+${CLAUSE} \\(PASS, PASS, PASS\\)`, 'm'));
  });

  it('refuses a clause ID of another profile, naming the option', async () => {
    const out = join(work, 'run');
    const refused = await execa(process.execPath, [CLI_BIN, 'replay', out, '--clause', 'OUT-JSON'], { reject: false, env: { CI: 'true' } });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('--clause');
  });
});
