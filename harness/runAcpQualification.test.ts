import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AcpAcceptanceReport } from '../reports/acp/buildAcpReport.js';
import { runCliCommand } from './__test-helpers__/runQualifyCli.js';
import { packageRoot } from './packageRoot.js';

// An ACP run pins its subject: the executable is digested before the first case and after the last,
// and an executable whose bytes changed in between voids the verdict (the cases may have run another program).

const work = mkdtempSync(join(tmpdir(), 'acp-pinning-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const referenceAgent = join(packageRoot, 'dist', 'adapters', 'acp-reference', 'main.js');

/** A shell wrapper around the reference agent; `selfEdit` makes each start append a line to the wrapper itself. */
function wrapperAgent(name: string, selfEdit: boolean): string {
  const executable = join(work, `${name}.sh`);
  const edit = selfEdit ? `printf '# started again\\n' >> "$0"\n` : '';
  writeFileSync(executable, `#!/bin/sh\n${edit}exec ${JSON.stringify(process.execPath)} ${JSON.stringify(referenceAgent)} "$@"\n`);
  chmodSync(executable, 0o755);
  const config = join(work, `${name}.json`);
  writeFileSync(config, JSON.stringify({ profile: 'acp-agent.v1', executable, argv: [], env: {}, passEnv: [] }));
  return config;
}

describe('ACP subject pinning', { timeout: 300_000 }, () => {
  it('records the executable digest, and voids the verdict of an agent that rewrote its executable during the run', async () => {
    const [steady, changing] = await Promise.all([
      runCliCommand<AcpAcceptanceReport>('run', [wrapperAgent('steady', false)], join(work, 'steady'), ['--seed', '5', '--only', 'ACP-ROB-UNKNOWN-METHOD'], 240_000),
      // Without the sandbox: inside it the root is read-only and the agent cannot write its executable
      // (pinning is for a change made from outside the candidate's reach, which this stands in for).
      runCliCommand<AcpAcceptanceReport>('run', [wrapperAgent('changing', true)], join(work, 'changing'), ['--seed', '5', '--only', 'ACP-ROB-UNKNOWN-METHOD', '--no-sandbox'], 240_000),
    ]);
    expect(steady.exitCode, steady.stderr).toBe(0);
    expect(steady.report?.subject.executableSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(steady.report?.subject.executableChanged).toBeUndefined();

    // The same cases held, but they are no evidence for the digest the report names.
    expect(changing.report?.clauses.find((entry) => entry.id === 'ACP-ROB-UNKNOWN-METHOD')?.verdict).toBe('PASS');
    expect(changing.exitCode, changing.stderr).toBe(1);
    expect(changing.report?.verdict).toBe('incomplete');
    const change = changing.report?.subject.executableChanged;
    expect(change?.sha256Before).toBe(changing.report?.subject.executableSha256);
    expect(change?.sha256After).toMatch(/^[0-9a-f]{64}$/);
    expect(change?.sha256After).not.toBe(change?.sha256Before);
    expect(readFileSync(join(work, 'changing', 'acceptance.md'), 'utf8')).toContain('Subject changed');
  });
});
