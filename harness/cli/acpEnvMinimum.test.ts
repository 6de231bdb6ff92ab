import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliCommand } from '../__test-helpers__/runQualifyCli.js';
import { packageRoot } from '../packageRoot.js';
import type { AcpAcceptanceReport } from '../../reports/acp/buildAcpReport.js';

// ACP-ENV-MINIMUM: one agent run per configured name left out measures the names the agent cannot do
// without, and the report says which (an agent that needs its API key, beside a name it never reads).

const work = mkdtempSync(join(tmpdir(), 'acp-env-minimum-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function configFor(name: string, argv: readonly string[]): string {
  const file = join(work, `${name}.json`);
  writeFileSync(file, JSON.stringify({ profile: 'acp-agent.v1', executable: process.execPath, argv, env: { ACP_REFERENCE_API_KEY: 'k', UNREAD_SETTING: 'x' }, passEnv: [] }));
  return file;
}

describe('ACP-ENV-MINIMUM', { timeout: 600_000 }, () => {
  it('names the configured variables the agent could not do without, one run per name left out', async () => {
    const needsKey = configFor('needs-key', [join(packageRoot, 'dist', 'adapters', 'acp-mutants', 'main.js'), '--mutant', 'auth-required-exits']);
    const reference = configFor('reference', [join(packageRoot, 'dist', 'adapters', 'acp-reference', 'main.js')]);
    const only = ['--seed', '1', '--only', 'ACP-ENV-MINIMUM'];
    const [keyed, plain] = await Promise.all([
      runCliCommand<AcpAcceptanceReport>('run', [needsKey], join(work, 'needs-key'), only, 240_000),
      runCliCommand<AcpAcceptanceReport>('run', [reference], join(work, 'reference'), only, 240_000),
    ]);
    for (const run of [keyed, plain]) {
      expect(run.report?.clauses.find((entry) => entry.id === 'ACP-ENV-MINIMUM')?.verdict, run.stderr.slice(-400)).toBe('PASS');
      expect(run.report?.run.acp.environment).toEqual(['ACP_REFERENCE_API_KEY', 'HOME', 'TERM', 'UNREAD_SETTING']);
      // The idle run, then one run per configured name.
      expect(run.report?.run.acp.agentProcesses).toBe(1 + 2);
    }
    expect(keyed.report?.run.acp.environmentNeeded).toEqual(['ACP_REFERENCE_API_KEY']);
    expect(plain.report?.run.acp.environmentNeeded).toEqual([]);
  });
});
