import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAcpConfig } from '../../harness/acp/acpConfig.js';
import { acpRunDefaults } from '../../harness/acp/acpRunOptions.js';
import { packageRoot } from '../../harness/packageRoot.js';
import { runAcpQualification } from '../../harness/runAcpQualification.js';
import type { AcpAcceptanceReport } from '../../reports/acp/buildAcpReport.js';

// End to end over dist/ (npm run build first): a FAIL of the session model names its shrunk
// sequence and a replay command; running that command's seed, runs and case again reproduces the
// same FAIL with the same sequence.

const MODEL_CASE = 'ACP-TURN-STOPREASON ACP-TURN-UPDATES-SCHEMA';

async function qualify(dir: string, options: { readonly seed: number; readonly runs: number; readonly only: string }): Promise<AcpAcceptanceReport> {
  const configPath = join(dir, 'agent.json');
  const main = join(packageRoot, 'dist', 'adapters', 'acp-mutants', 'main.js');
  writeFileSync(configPath, JSON.stringify({ profile: 'acp-agent.v1', executable: process.execPath, argv: [main, '--mutant', 'idle-cancel-carries-over'], env: {}, passEnv: [] }));
  const { report } = await runAcpQualification({
    loaded: await loadAcpConfig(configPath),
    configArg: configPath,
    outDir: mkdtempSync(join(dir, 'report-')),
    ...options,
    bootstrapTimeoutMs: acpRunDefaults.bootstrapTimeoutMs,
    inactivityMs: acpRunDefaults.inactivityMs,
    frameBytes: acpRunDefaults.frameBytes,
    strict: false,
    strictShould: false,
    sandbox: 'auto',
    allowNetwork: false,
    replayPath: null,
  });
  return report;
}

/** The value after `flag` in a replay command (single-quoted words unquoted). */
function argument(command: string, flag: string): string {
  const words = [...command.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map((match) => (match[1] !== undefined ? match[1].replaceAll("'\\''", "'") : match[2]!));
  const value = words[words.indexOf(flag) + 1];
  if (value === undefined) throw new Error(`${flag} is not in ${command}`);
  return value;
}

/** The counterexample of a FAIL reason: the sequence line and the sent frames (agent ids differ between runs). */
function counterexample(reason: string): { readonly sequence: string; readonly sent: readonly string[] } {
  const sequence = /^shortest failing sequence \(.*\): (.*)$/m.exec(reason)?.[1];
  if (sequence === undefined) throw new Error(`no shortest failing sequence in ${reason}`);
  const sent = reason
    .split('\n')
    .filter((line) => line.startsWith('client→agent'))
    .map((line) => line.replace(/ #\d+ /, ' ').replace(/sess_[0-9a-f-]+/g, 'SESSION'));
  return { sequence, sent };
}

describe('a shrunk failing sequence of the session model', () => {
  it('is reproduced by its replay command', { timeout: 300_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aq-model-replay-'));
    const first = (await qualify(dir, { seed: 7, runs: 2, only: MODEL_CASE })).clauses.find((clause) => clause.id === 'ACP-CANCEL-IDLE')!;
    expect(first.verdict).toBe('FAIL');
    const found = counterexample(first.reason!);
    // Shrunk from the fixed sequence's two dozen steps to the two that show the defect.
    expect(found.sequence).toBe('session/cancel with no turn running → prompt [scenario:plain]');
    // Frames are shown escaped (as the transcript keeps them): the method is read from the text.
    expect(found.sent.map((line) => /method\\?":\\?"([^"\\]+)/.exec(line)?.[1])).toEqual(['session/cancel', 'session/prompt']);

    const replay = first.replay!;
    const again = (await qualify(dir, { seed: Number(argument(replay, '--seed')), runs: Number(argument(replay, '--runs')), only: argument(replay, '--only') })).clauses.find(
      (clause) => clause.id === 'ACP-CANCEL-IDLE',
    )!;
    expect(again.verdict).toBe('FAIL');
    expect(counterexample(again.reason!)).toEqual(found);
  });
});
