import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryRoot } from '../__test-helpers__/temporaryRoot.js';
import { acceptedOutcome, sampleBinding, sampleRef, terminalOutcome } from '../protocol/__test-helpers__/sampleOutcomes.js';
import { UsageError } from '../UsageError.js';
import { transcriptLineOf } from '../verify/__test-helpers__/transcriptLines.js';
import { verifyCommand } from './reportCommands.js';

const root = temporaryRoot('verify-command');
const binding = sampleBinding('op-9');

async function verifyLines(name: string, lines: readonly string[], args: readonly string[] = []): Promise<{ code: number; stdout: string; stderr: string }> {
  const file = join(root(), name);
  await writeFile(file, lines.map((line) => `${line}\n`).join(''));
  let stdout = '';
  let stderr = '';
  const code = await verifyCommand([file, ...args], { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) } });
  return { code, stdout, stderr };
}

const history = [
  transcriptLineOf({ binding, action: 'submit', answer: acceptedOutcome(binding, 1, sampleRef(1)), startedAt: 0, endedAt: 10 }),
  transcriptLineOf({ binding, answer: terminalOutcome(binding, 2, sampleRef(1)), startedAt: 20, endedAt: 30 }),
  transcriptLineOf({ binding, answer: terminalOutcome(binding, 2, sampleRef(1)), startedAt: 40, endedAt: 50 }),
];

describe('adapter-qualify verify', () => {
  it('exits 0 on a consistent transcript', async () => {
    const result = await verifyLines('consistent.jsonl', history);
    expect(result.code, result.stdout).toBe(0);
    expect(result.stdout).toMatch(/3 calls; 3 answers checked against OUT.*3 valid outcomes in 1 binding histories\nconsistent/);
  });

  it('catches a hand-edited acceptanceRef with its line number, and exits 1', async () => {
    const edited = history[2]!.replaceAll(sampleRef(1).slice(7), sampleRef(2).slice(7));
    expect(edited).not.toBe(history[2]);
    const result = await verifyLines('edited.jsonl', [history[0]!, history[1]!, edited]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('FAIL SEM-ACCEPTANCE-STABLE (1 violation)\n  lines 1, 3: acceptanceRef differs from the first one');
    expect(result.stdout).toContain('FAIL SEM-TERMINAL-IMMUTABLE (1 violation)\n  lines 2, 3:');
    expect(result.stdout).toMatch(/inconsistent: SEM-EQUAL-REVISION, SEM-ACCEPTANCE-STABLE, SEM-TERMINAL-IMMUTABLE\n$/);
  });

  it('catches a call that exited 0 after 70,000 bytes of stderr with its line and byte count, on either thread, and exits 1', async () => {
    const flooded = transcriptLineOf({ binding, answer: terminalOutcome(binding, 2, sampleRef(1)), startedAt: 20, endedAt: 30, stderrBytes: 70_000 });
    const lines = [history[0]!, flooded, history[2]!];
    const result = await verifyLines('stderr-flood.jsonl', lines, ['--workers', '0']);
    expect(result.code, result.stdout).toBe(1);
    expect(result.stdout).toContain("FAIL WIRE-STDERR-BOUND (1 violation)\n  line 2: call call-20 (observe) exited 0 after writing 70000 bytes to stderr, over the host's 65536");
    expect(result.stdout).toMatch(/inconsistent: WIRE-STDERR-BOUND\n$/);
    expect(await verifyLines('stderr-flood-threads.jsonl', lines, ['--workers', '2'])).toEqual({ ...result, stdout: result.stdout.replace('stderr-flood', 'stderr-flood-threads') });
  });

  it('does not judge the stderr of a call that exited 1, however long', async () => {
    const failed = transcriptLineOf({ binding, answer: null, startedAt: 20, endedAt: 30, exitCode: 1, stderrBytes: 70_000 });
    for (const workers of ['0', '2']) {
      const result = await verifyLines(`stderr-failed-${workers}.jsonl`, [history[0]!, failed, history[2]!], ['--workers', workers]);
      expect(result.code, result.stdout).toBe(0);
      expect(result.stdout).not.toContain('WIRE-STDERR-BOUND');
    }
  });

  it('exits 2 naming the line and field of an unreadable line, or the missing file', async () => {
    const broken = JSON.stringify({ ...(JSON.parse(history[1]!) as object), endedAt: undefined });
    const missingField = await verifyLines('missing-field.jsonl', [history[0]!, broken]);
    expect(missingField).toMatchObject({ code: 2, stdout: '' });
    expect(missingField.stderr).toMatch(/missing-field\.jsonl: line 2 has no field "endedAt"\n$/);
    const notJson = await verifyLines('not-json.jsonl', [history[0]!, 'not json']);
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toMatch(/line 2 is not JSON/);
    let stderr = '';
    const code = await verifyCommand([join(root(), 'absent.jsonl')], { stdout: { write: () => true }, stderr: { write: (text: string) => (stderr += text) } });
    expect(code).toBe(2);
    expect(stderr).toMatch(/cannot read .*absent\.jsonl: ENOENT/);
  });

  it('exits 2 on a transcript without a call: nothing was verified, so nothing is called consistent', async () => {
    const result = await verifyLines('empty.jsonl', []);
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(result.stderr).toMatch(/empty\.jsonl: the transcript holds no call: nothing was verified\n$/);
  });

  it('gives the same verdict with --workers (threads judging the calls; dist/ must be built)', async () => {
    const edited = history[2]!.replaceAll(sampleRef(1).slice(7), sampleRef(2).slice(7));
    const onThisThread = await verifyLines('threads-0.jsonl', [history[0]!, history[1]!, edited], ['--workers', '0']);
    expect(onThisThread.code).toBe(1);
    expect(await verifyLines('threads-2.jsonl', [history[0]!, history[1]!, edited], ['--workers', '2'])).toEqual({
      ...onThisThread,
      stdout: onThisThread.stdout.replace('threads-0', 'threads-2'),
    });
  });

  it('treats bad arguments as usage errors', async () => {
    await expect(verifyLines('x.jsonl', history, ['--max-output-bytes', '12'])).rejects.toThrow(UsageError);
    await expect(verifyLines('x.jsonl', history, ['--workers', '1.5'])).rejects.toThrow(/--workers must be an integer from 0 to 64/);
    await expect(verifyLines('x.jsonl', history, ['--workers', '65'])).rejects.toThrow(UsageError);
    await expect(verifyCommand([], { stdout: { write: () => true }, stderr: { write: () => true } })).rejects.toThrow(/expected one transcript file/);
  });
});
