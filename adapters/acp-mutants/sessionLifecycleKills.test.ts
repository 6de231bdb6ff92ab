import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAcpConfig } from '../../harness/acp/acpConfig.js';
import { acpRunDefaults } from '../../harness/acp/acpRunOptions.js';
import { packageRoot } from '../../harness/packageRoot.js';
import { runAcpQualification } from '../../harness/runAcpQualification.js';

// The session lifecycle suite end to end (dist/ must be built): the reference agent PASSes each
// lifecycle clause, each lifecycle mutant FAILs its clause there, and an agent that advertises no
// capabilities gets NOT-APPLICABLE for the capability-gated ones, never PASS.

const LIFECYCLE = 'ACP-SESS-LOAD|ACP-SESS-CLOSE|ACP-CFG-OPTIONS|ACP-TURN-CONCURRENT-SESSIONS';

async function verdicts(mutant: string | null, only: string): Promise<Record<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), 'aq-lifecycle-'));
  const main = join(packageRoot, 'dist', 'adapters', mutant === null ? 'acp-reference' : 'acp-mutants', 'main.js');
  const configPath = join(dir, 'agent.json');
  writeFileSync(configPath, JSON.stringify({ profile: 'acp-agent.v1', executable: process.execPath, argv: [main, ...(mutant === null ? [] : ['--mutant', mutant])], env: {}, passEnv: [] }));
  const { report } = await runAcpQualification({
    ...acpRunDefaults,
    loaded: await loadAcpConfig(configPath),
    configArg: configPath,
    outDir: join(dir, 'report'),
    seed: 11,
    runs: 2,
    only,
    strict: false,
    strictShould: false,
    sandbox: 'auto',
    allowNetwork: false,
    replayPath: null,
  });
  return Object.fromEntries(
    report.clauses
      .filter((entry) => new RegExp(`^(${only})$`).test(entry.id))
      .map((entry) => [entry.id, 'applicable' in entry && entry.applicable === false ? 'NOT-APPLICABLE' : entry.verdict]),
  );
}

describe('session lifecycle suite', () => {
  it('the reference agent passes every lifecycle clause', { timeout: 180_000 }, async () => {
    expect(await verdicts(null, LIFECYCLE)).toEqual({ 'ACP-SESS-LOAD': 'PASS', 'ACP-SESS-CLOSE': 'PASS', 'ACP-CFG-OPTIONS': 'PASS', 'ACP-TURN-CONCURRENT-SESSIONS': 'PASS' });
  });

  it.each([
    ['sessions-not-persisted', 'ACP-SESS-LOAD'],
    ['load-replays-last-turn', 'ACP-SESS-LOAD'],
    ['load-replays-after-response', 'ACP-SESS-LOAD'],
    ['load-replays-agent-only', 'ACP-SESS-LOAD'],
    ['close-leaves-turn-running', 'ACP-SESS-CLOSE'],
    ['config-ignored-by-prompt', 'ACP-CFG-OPTIONS'],
    ['config-answer-changed-only', 'ACP-CFG-OPTIONS'],
    ['config-answer-stale-value', 'ACP-CFG-OPTIONS'],
    ['updates-on-newest-session', 'ACP-TURN-CONCURRENT-SESSIONS'],
  ])('%s fails %s', { timeout: 180_000 }, async (mutant, clauseId) => {
    expect(await verdicts(mutant, clauseId)).toEqual({ [clauseId]: 'FAIL' });
  });

  it('an agent advertising no capabilities gets NOT-APPLICABLE for load and close', { timeout: 180_000 }, async () => {
    expect(await verdicts('initialize-without-capabilities', 'ACP-SESS-LOAD|ACP-SESS-CLOSE')).toEqual({ 'ACP-SESS-LOAD': 'NOT-APPLICABLE', 'ACP-SESS-CLOSE': 'NOT-APPLICABLE' });
  });
});
