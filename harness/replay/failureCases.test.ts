import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryRoot } from '../__test-helpers__/temporaryRoot.js';
import { sampleBinding } from '../protocol/__test-helpers__/sampleOutcomes.js';
import { transcriptLineOf } from '../verify/__test-helpers__/transcriptLines.js';
import { SentRequests } from '../transcript/sentRequests.js';
import { FAILURE_CASE_VERSION, FAILURES_DIR, judgeReplay, readFailureCases, writeFailureCases, type StoredCall, type StoredFailureCase } from './failureCases.js';

const root = temporaryRoot('failure-cases');

function storedCall(callId: string, requestText = 'excerpt… (10 more characters)'): StoredCall {
  return { callId, action: 'observe', requestText, requestComplete: false, requestBytes: 99, transcriptLine: null, exitCode: 0, stdout: '' };
}

function storedCase(calls: readonly StoredCall[]): StoredFailureCase {
  return {
    version: FAILURE_CASE_VERSION,
    clauseId: 'SEM-TERMINAL-IMMUTABLE',
    level: 'MUST',
    reason: 'r',
    testName: 'SEM-TERMINAL-IMMUTABLE: t',
    seed: 7,
    path: '1:0',
    subjectArgs: ['adapter.json'],
    runArgs: ['--only', '^t$'],
    replayCommand: 'adapter-qualify run adapter.json --only ^t$',
    description: 'd',
    calls,
  };
}

async function reportDir(name: string): Promise<string> {
  const dir = join(root(), name);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'acceptance.json'), '{}\n');
  return dir;
}

/** The requests of `callIds` as the transcript's merge collects them from `lines`. */
function sentIn(lines: readonly string[], callIds: readonly string[]): SentRequests {
  const sent = new SentRequests(callIds);
  for (const line of lines) sent.add(Buffer.from(`${line}\n`));
  return sent;
}

describe('writeFailureCases', () => {
  it("fills each call's full request and line from the transcript line with its callId (as the merge saw it, never read back), and leaves unknown calls as excerpts", async () => {
    const binding = sampleBinding('op-same');
    // Two calls with the same request text (a repeated observe): only the callId tells them apart.
    const lines = [
      transcriptLineOf({ binding, answer: null, startedAt: 10, endedAt: 11 }),
      transcriptLineOf({ binding, answer: null, startedAt: 20, endedAt: 21 }),
      'not a transcript line',
      transcriptLineOf({ binding: sampleBinding('op-other'), action: 'submit', answer: null, startedAt: 30, endedAt: 31 }),
    ];
    // No transcript.jsonl in the directory: the requests come from what the merge collected.
    const dir = await reportDir('joined');
    const calls = [storedCall('call-30'), storedCall('call-20'), storedCall('call-10'), storedCall('call-absent', '{"whole":true}')];
    const [file] = await writeFailureCases([storedCase(calls)], dir, sentIn(lines, ['call-30', 'call-20', 'call-10', 'call-absent']));
    expect(file).toBe(join(dir, FAILURES_DIR, 'SEM-TERMINAL-IMMUTABLE.json'));
    const written = JSON.parse(await readFile(file!, 'utf8')) as StoredFailureCase;
    const requestOf = (line: number): string => (JSON.parse(lines[line - 1]!) as { requestText: string }).requestText;
    expect(written.calls.map((call) => [call.callId, call.transcriptLine, call.requestComplete])).toEqual([
      ['call-30', 4, true],
      ['call-20', 2, true],
      ['call-10', 1, true],
      ['call-absent', null, false],
    ]);
    for (const call of written.calls.slice(0, 3)) expect(call.requestText).toBe(requestOf(call.transcriptLine!));
    expect(written.calls[3]!.requestText).toBe('{"whole":true}');
    expect(await readFailureCases(dir)).toEqual([written]);
  });

  it('keeps the excerpts when the run left no transcript, and removes an earlier folder when nothing failed', async () => {
    const dir = await reportDir('no-transcript');
    const [file] = await writeFailureCases([storedCase([storedCall('call-10')])], dir, new Map());
    expect((JSON.parse(await readFile(file!, 'utf8')) as StoredFailureCase).calls).toEqual([storedCall('call-10')]);
    expect(await writeFailureCases([], dir, new Map())).toEqual([]);
    expect(await readFailureCases(dir)).toEqual([]);
  });
});

describe('judgeReplay', () => {
  it.each([
    [['PASS', 'PASS', 'PASS'], 'FIXED'],
    [['FAIL', 'FAIL', 'FAIL'], 'FAILED'],
    [['FAIL', 'INCONCLUSIVE', 'FAIL'], 'FAILED'],
    [['PASS', 'FAIL'], 'FLAKY'],
    [['FAIL', 'PASS'], 'FLAKY'],
    [['PASS', 'PASS'], 'INCONCLUSIVE'],
    [['PASS', 'INCONCLUSIVE', 'PASS'], 'INCONCLUSIVE'],
    [['SKIP', 'SKIP', 'SKIP'], 'INCONCLUSIVE'],
  ] as const)('%j is %s', (verdicts, answer) => {
    expect(judgeReplay(verdicts)).toBe(answer);
  });
});
