import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AcpClauseId } from '../../harness/acp/acpClauses.js';
import { loadAcpConfig } from '../../harness/acp/acpConfig.js';
import { acpRunDefaults } from '../../harness/acp/acpRunOptions.js';
import { packageRoot } from '../../harness/packageRoot.js';
import { runAcpQualification } from '../../harness/runAcpQualification.js';

// End to end over dist/ (npm run build first): the turn cases with an agent process or a session of
// their own (client capabilities withheld, prompt content, $/cancel_request, the MCP fixture, the
// paths of tool turns) PASS
// on the reference agent, and each mutant of those clauses FAILs exactly its clause among them.

const CASES = 'ACP-FS-GATED ACP-TERM|ACP-TURN-BASELINE-CONTENT ACP-TURN-CONTENT|ACP-CANCEL-REQUEST:|ACP-SESS-MCP-STDIO ACP|ACP-SESS-CWD ACP-SESS-PATHS';
const JUDGED: readonly AcpClauseId[] = [
  'ACP-FS-GATED',
  'ACP-TERM-GATED',
  'ACP-TURN-BASELINE-CONTENT',
  'ACP-TURN-CONTENT-GATED',
  'ACP-CANCEL-REQUEST',
  'ACP-SESS-MCP-STDIO',
  'ACP-SESS-MCP-READY',
  'ACP-SESS-CWD',
  'ACP-SESS-PATHS-ABSOLUTE',
];

async function verdicts(mutant: string | null): Promise<Record<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), 'aq-turn-cases-'));
  const main = join(packageRoot, 'dist', 'adapters', mutant === null ? 'acp-reference' : 'acp-mutants', 'main.js');
  const configPath = join(dir, 'agent.json');
  writeFileSync(configPath, JSON.stringify({ profile: 'acp-agent.v1', executable: process.execPath, argv: [main, ...(mutant === null ? [] : ['--mutant', mutant])], env: {}, passEnv: [] }));
  const { report } = await runAcpQualification({
    loaded: await loadAcpConfig(configPath),
    configArg: configPath,
    outDir: join(dir, 'report'),
    seed: 7,
    runs: 2,
    only: CASES,
    // Short bounds: the mutants that never start the server or never answer end their case by them.
    bootstrapTimeoutMs: 5_000,
    inactivityMs: 10_000,
    frameBytes: acpRunDefaults.frameBytes,
    strict: false,
    strictShould: false,
    sandbox: 'auto',
    allowNetwork: false,
    replayPath: null,
  });
  return Object.fromEntries(report.clauses.filter((clause) => JUDGED.includes(clause.id)).map((clause) => [clause.id, clause.verdict]));
}

describe('the turn cases of their own process or session', () => {
  it('PASS every clause they judge on the reference agent', { timeout: 180_000 }, async () => {
    expect(await verdicts(null)).toEqual(Object.fromEntries(JUDGED.map((clauseId) => [clauseId, 'PASS'])));
  });

  it.each([
    ['fs-without-capability', 'ACP-FS-GATED'],
    ['terminal-without-capability', 'ACP-TERM-GATED'],
    ['rejects-resource-link', 'ACP-TURN-BASELINE-CONTENT'],
    ['crash-on-unadvertised-content', 'ACP-TURN-CONTENT-GATED'],
    ['cancel-request-unanswered', 'ACP-CANCEL-REQUEST'],
    ['mcp-servers-ignored', 'ACP-SESS-MCP-STDIO'],
    ['mcp-listed-after-first-step', 'ACP-SESS-MCP-READY'],
    ['mcp-server-env-dropped', 'ACP-SESS-MCP-STDIO'],
    ['paths-under-spawn-directory', 'ACP-SESS-CWD'],
    ['relative-paths', 'ACP-SESS-PATHS-ABSOLUTE'],
  ] as const)('kill %s at %s and at no other of them', { timeout: 180_000 }, async (mutant, clauseId) => {
    const found = await verdicts(mutant);
    expect(found[clauseId]).toBe('FAIL');
    expect(Object.entries(found).filter(([id, verdict]) => id !== clauseId && verdict === 'FAIL')).toEqual([]);
  });
});
