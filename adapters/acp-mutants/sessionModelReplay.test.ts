import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAcpConfig } from '../../harness/acp/acpConfig.js';
import { acpRunDefaults } from '../../harness/acp/acpRunOptions.js';
import { packageRoot } from '../../harness/packageRoot.js';
import { runAcpQualification } from '../../harness/runAcpQualification.js';
import type { AcpAcceptanceReport } from '../../reports/acp/buildAcpReport.js';

// End to end over dist/ (npm run build first): a FAIL of the session model names its shrunk
// sequence and a replay command; running that command's seed, runs, case and path again runs
// exactly that sequence and reproduces the same FAIL.

const MODEL_CASE = 'ACP-TURN-STOPREASON ACP-TURN-UPDATES-SCHEMA';

interface Qualified {
  readonly report: AcpAcceptanceReport;
  /** The methods of the frames the suite sent, in order. */
  readonly sentMethods: readonly string[];
}

async function qualify(
  dir: string,
  mutant: string,
  options: { readonly seed: number; readonly runs: number; readonly only: string; readonly replayPath: string | null },
): Promise<Qualified> {
  const configPath = join(dir, 'agent.json');
  const main = join(packageRoot, 'dist', 'adapters', 'acp-mutants', 'main.js');
  writeFileSync(configPath, JSON.stringify({ profile: 'acp-agent.v1', executable: process.execPath, argv: [main, '--mutant', mutant], env: {}, passEnv: [] }));
  const outDir = mkdtempSync(join(dir, 'report-'));
  const { report } = await runAcpQualification({
    loaded: await loadAcpConfig(configPath),
    configArg: configPath,
    outDir,
    ...options,
    bootstrapTimeoutMs: acpRunDefaults.bootstrapTimeoutMs,
    inactivityMs: acpRunDefaults.inactivityMs,
    frameBytes: acpRunDefaults.frameBytes,
    strict: false,
    strictShould: false,
    sandbox: 'auto',
    allowNetwork: false,
  });
  const sentMethods = readFileSync(join(outDir, 'transcript.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { readonly direction: string; readonly raw: string })
    .filter((entry) => entry.direction === 'client→agent')
    .map((entry) => /"method":"([^"]+)"/.exec(entry.raw)?.[1])
    .filter((method): method is string => method !== undefined);
  return { report, sentMethods };
}

/** The value after `flag` in a replay command (single-quoted words unquoted). */
function argument(command: string, flag: string): string {
  const words = [...command.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map((match) => (match[1] !== undefined ? match[1].replaceAll("'\\''", "'") : match[2]!));
  const value = words[words.indexOf(flag) + 1];
  if (value === undefined) throw new Error(`${flag} is not in ${command}`);
  return value;
}

/** The counterexample of a FAIL reason: the sequence line and the sent frames (session and request ids differ between runs: a replay sends fewer requests). */
function counterexample(reason: string): { readonly sequence: string; readonly sent: readonly string[] } {
  const sequence = /^steps run: (.*)$/m.exec(reason)?.[1];
  if (sequence === undefined) throw new Error(`no steps run in ${reason}`);
  const sent = reason
    .split('\n')
    .filter((line) => line.startsWith('client→agent'))
    .map((line) =>
      line
        .replace(/ #\d+ /, ' ')
        .replace(/sess_[0-9a-f-]+/g, 'SESSION')
        .replace(/(\\?"id\\?":)\d+/, '$1ID'),
    );
  return { sequence, sent };
}

describe('a shrunk failing sequence of the session model', () => {
  it('is reproduced by its replay command', { timeout: 300_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aq-model-replay-'));
    const first = (await qualify(dir, 'idle-cancel-carries-over', { seed: 7, runs: 2, only: MODEL_CASE, replayPath: null })).report.clauses.find(
      (clause) => clause.id === 'ACP-CANCEL-IDLE',
    )!;
    expect(first.verdict).toBe('FAIL');
    expect(first.counterexample?.description).toBe('smallest failing case: session/cancel with no turn running → prompt [scenario:plain]');
    const found = counterexample(first.reason!);
    // Shrunk from the fixed sequence's two dozen steps to the two that show the defect.
    expect(found.sequence).toBe('session/cancel with no turn running → prompt [scenario:plain]');
    // Frames are shown escaped (as the transcript keeps them): the method is read from the text.
    expect(found.sent.map((line) => /method\\?":\\?"([^"\\]+)/.exec(line)?.[1])).toEqual(['session/cancel', 'session/prompt']);

    const replay = first.replay!;
    const replayed = await qualify(dir, 'idle-cancel-carries-over', {
      seed: Number(argument(replay, '--seed')),
      runs: Number(argument(replay, '--runs')),
      only: argument(replay, '--only'),
      replayPath: argument(replay, '--replay-path'),
    });
    const again = replayed.report.clauses.find((clause) => clause.id === 'ACP-CANCEL-IDLE')!;
    expect(again.verdict).toBe('FAIL');
    expect(counterexample(again.reason!)).toEqual(found);
    expect(again.counterexample?.description).toBe(first.counterexample?.description);
    // Only the probe prompt (is the scripted model there?) and the shrunk sequence ran: not the must-try
    // sequence (two dozen turns), not a shrinking search.
    expect(replayed.sentMethods.filter((method) => method === 'session/prompt' || method === 'session/cancel')).toEqual(['session/prompt', 'session/cancel', 'session/prompt']);
  });
});

describe('a shrunk failing case of the sessions property', () => {
  it('is reproduced by its replay command, which runs only that case', { timeout: 300_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aq-sessions-replay-'));
    const only = 'ACP-SESS-NEW ACP-SESS-ORDER';
    const first = (await qualify(dir, 'duplicate-session-id', { seed: 11, runs: 4, only, replayPath: null })).report.clauses.find((clause) => clause.id === 'ACP-SESS-NEW')!;
    expect(first.verdict).toBe('FAIL');
    expect(first.counterexample?.description).toBe('smallest failing case: session/new, session/new');
    expect(first.seed).toBe(11);
    const replay = first.replay!;
    const path = argument(replay, '--replay-path');
    expect(path).toBe(first.path);
    const replayed = await qualify(dir, 'duplicate-session-id', {
      seed: Number(argument(replay, '--seed')),
      runs: Number(argument(replay, '--runs')),
      only: argument(replay, '--only'),
      replayPath: path,
    });
    const again = replayed.report.clauses.find((clause) => clause.id === 'ACP-SESS-NEW')!;
    expect(again.verdict).toBe('FAIL');
    expect(again.counterexample?.description).toBe(first.counterexample?.description);
    expect(again.reason).toBe(first.reason);
    // The replay opened exactly the case's two sessions: no other drawn case, no must-try example, no shrinking.
    expect(replayed.sentMethods.filter((method) => method === 'session/new')).toHaveLength(2);

    // The path picks the case (here the first one drawn fails, so a run without the path would show the same):
    // the path of the second must-try case replays that one, not the first.
    const second = (await qualify(dir, 'duplicate-session-id', { seed: 11, runs: 4, only, replayPath: '1' })).report.clauses.find((clause) => clause.id === 'ACP-SESS-NEW')!;
    expect(second.verdict).toBe('FAIL');
    expect(second.counterexample?.description).toBe('smallest failing case: session/new, session/new with _meta {"aq.must-try":{"nested":[1,"two"]}}');
    expect(second.path).toBe('1');
  });
});
