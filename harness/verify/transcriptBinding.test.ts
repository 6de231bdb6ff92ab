import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryRoot } from '../__test-helpers__/temporaryRoot.js';
import { verifyCommand } from '../cli/reportCommands.js';
import { acceptedOutcome, sampleBinding, sampleRef, terminalOutcome } from '../protocol/__test-helpers__/sampleOutcomes.js';
import { transcriptDigest } from '../transcript/transcriptDigest.js';
import { checkTranscriptBinding, judgeTranscriptBinding } from './transcriptBinding.js';
import { transcriptLineOf } from './__test-helpers__/transcriptLines.js';

const root = temporaryRoot('transcript-binding');
const binding = sampleBinding('op-3');
// A consistent history, and still one with its last line cut off: only the digest tells them apart.
const text = [
  transcriptLineOf({ binding, action: 'submit', answer: acceptedOutcome(binding, 1, sampleRef(1)), startedAt: 0, endedAt: 10 }),
  transcriptLineOf({ binding, answer: terminalOutcome(binding, 2, sampleRef(1)), startedAt: 20, endedAt: 30 }),
  transcriptLineOf({ binding, answer: terminalOutcome(binding, 2, sampleRef(1)), startedAt: 40, endedAt: 50 }),
]
  .map((line) => `${line}\n`)
  .join('');
const sha256 = (content: string): string => createHash('sha256').update(content).digest('hex');

/** A report directory as `run` leaves it: the transcript, and acceptance.json recording `recorded` (or no digest). */
async function reportDir(name: string, transcript: string, recorded: string | null): Promise<string> {
  const dir = join(root(), name);
  await mkdir(dir);
  await writeFile(join(dir, 'transcript.jsonl'), transcript);
  const run = recorded === null ? {} : { transcript: { sha256: sha256(recorded), bytes: Buffer.byteLength(recorded) } };
  await writeFile(join(dir, 'acceptance.json'), JSON.stringify({ schemaVersion: 1, run }));
  return join(dir, 'transcript.jsonl');
}

async function verify(file: string): Promise<{ code: number; stdout: string }> {
  let stdout = '';
  const code = await verifyCommand([file], { stdout: { write: (chunk: string) => (stdout += chunk) }, stderr: { write: () => true } });
  return { code, stdout };
}

describe('the transcript bound to its report by digest', () => {
  it('digests the file it reads, and refuses a symbolic link or a FIFO in its place', async () => {
    const file = join(root(), 'plain.jsonl');
    await writeFile(file, text);
    expect(await transcriptDigest(file)).toEqual({ sha256: sha256(text), bytes: Buffer.byteLength(text) });
    await symlink(file, join(root(), 'link.jsonl'));
    await expect(transcriptDigest(join(root(), 'link.jsonl'))).rejects.toMatchObject({ code: 'ELOOP' });
    execFileSync('mkfifo', [join(root(), 'fifo.jsonl')]);
    await expect(transcriptDigest(join(root(), 'fifo.jsonl'))).rejects.toThrow(/not a regular file/);
  });

  it("is bound while the bytes are the run's, changed once a line is gone, unbound without a digest to check", async () => {
    expect(await checkTranscriptBinding(await reportDir('intact', text, text))).toMatchObject({ kind: 'bound', digest: { sha256: sha256(text) } });
    const cut = text.slice(0, text.lastIndexOf('\n', text.length - 2) + 1);
    expect(await checkTranscriptBinding(await reportDir('cut', cut, text))).toMatchObject({
      kind: 'changed',
      recorded: { sha256: sha256(text), bytes: Buffer.byteLength(text) },
      actual: { sha256: sha256(cut), bytes: Buffer.byteLength(cut) },
    });
    expect(await checkTranscriptBinding(await reportDir('old-report', text, null))).toMatchObject({ kind: 'unbound', reason: expect.stringMatching(/records no transcript digest/) });
    const alone = join(root(), 'alone');
    await mkdir(alone);
    await writeFile(join(alone, 'transcript.jsonl'), text);
    expect(await checkTranscriptBinding(join(alone, 'transcript.jsonl'))).toEqual({ kind: 'unbound', reason: 'no acceptance.json beside it' });
  });

  it('compares length and digest both', () => {
    const recorded = { sha256: sha256(text), bytes: 10 };
    expect(judgeTranscriptBinding('r', recorded, { ...recorded, bytes: 11 }).kind).toBe('changed');
    expect(judgeTranscriptBinding('r', recorded, recorded).kind).toBe('bound');
  });

  it('verify: a transcript changed after the run exits 1 and says so, though what is left of it is consistent', async () => {
    const intact = await verify(await reportDir('verify-intact', text, text));
    expect(intact.code, intact.stdout).toBe(0);
    expect(intact.stdout).toMatch(new RegExp(`^transcript: sha256 ${sha256(text)} \\(${Buffer.byteLength(text)} bytes\\), as .*acceptance\\.json records\n`));
    expect(intact.stdout).toMatch(/\nconsistent: no clause is violated by this transcript\n$/);

    const cut = text.slice(0, text.lastIndexOf('\n', text.length - 2) + 1);
    const changed = await verify(await reportDir('verify-cut', cut, text));
    expect(changed.code, changed.stdout).toBe(1);
    expect(changed.stdout).toContain(`transcript CHANGED after the run: `);
    expect(changed.stdout).toContain(`records sha256 ${sha256(text)} (${Buffer.byteLength(text)} bytes), the file has sha256 ${sha256(cut)} (${Buffer.byteLength(cut)} bytes)`);
    expect(changed.stdout).toMatch(/2 calls;.*\nnot verified: the transcript is not the one the run wrote\n$/);
  });
});
