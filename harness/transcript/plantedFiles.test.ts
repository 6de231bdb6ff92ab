import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { temporaryRoot } from '../__test-helpers__/temporaryRoot.js';
import { SecretMask } from '../evidence/SecretMask.js';
import { callRecordOf } from '../protocol/__test-helpers__/sampleOutcomes.js';
import { mergeTranscriptParts, TranscriptWriter } from './TranscriptWriter.js';

// What a candidate that reached the suite's files could plant where the suite writes or reads its
// transcript: a symbolic link out of the directory, a FIFO. The suite refuses each, never follows
// or waits on it (the sandbox keeps the candidate out of these directories; this holds without it too).
const root = temporaryRoot('transcript-planted');
const noSecrets = new SecretMask({});

async function outsideFile(name: string): Promise<string> {
  const file = join(root(), `${name}-outside`);
  await writeFile(file, 'outside\n');
  return file;
}

describe('transcript files planted by a candidate', () => {
  it("a symbolic link at the merged transcript's temporary name: the merge fails, nothing is written through it", async () => {
    const workDir = join(root(), 'merge-link');
    new TranscriptWriter(workDir, { mask: noSecrets }).append(callRecordOf({ callId: 'one' }), 'OUT-JSON: one');
    const outDir = join(root(), 'merge-link-out');
    await mkdir(outDir);
    const destination = join(outDir, 'transcript.jsonl');
    const outside = await outsideFile('merge-link');
    await symlink(outside, `${destination}.${process.pid}.tmp`);
    await expect(mergeTranscriptParts(workDir, destination)).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await readFile(outside, 'utf8')).toBe('outside\n');
    expect(await readdir(outDir)).toEqual([]);
  });

  it('a symbolic link or a FIFO at a part file: the append fails at once, nothing is written through it', async () => {
    const workDir = join(root(), 'part-link');
    const writer = new TranscriptWriter(workDir, { mask: noSecrets });
    // The part's name is this worker's: pid and thread id.
    const name = `${process.pid}-${threadId}.jsonl`;
    const outside = await outsideFile('part-link');
    await symlink(outside, join(workDir, 'transcript', name));
    expect(() => writer.append(callRecordOf({ callId: 'one' }), 'OUT-JSON: one')).toThrow(expect.objectContaining({ code: 'ELOOP' }));
    expect(await readFile(outside, 'utf8')).toBe('outside\n');

    const fifoDir = join(root(), 'part-fifo');
    const fifoWriter = new TranscriptWriter(fifoDir, { mask: noSecrets });
    execFileSync('mkfifo', [join(fifoDir, 'transcript', name)]);
    expect(() => fifoWriter.append(callRecordOf({ callId: 'one' }), 'OUT-JSON: one')).toThrow(expect.objectContaining({ code: 'ENXIO' }));
  });

  it('a FIFO among the parts: the merge fails at once instead of waiting for a writer', async () => {
    const workDir = join(root(), 'merge-fifo');
    new TranscriptWriter(workDir, { mask: noSecrets }).append(callRecordOf({ callId: 'one' }), 'OUT-JSON: one');
    execFileSync('mkfifo', [join(workDir, 'transcript', '0-planted.jsonl')]);
    const outDir = join(root(), 'merge-fifo-out');
    await mkdir(outDir);
    await expect(mergeTranscriptParts(workDir, join(outDir, 'transcript.jsonl'))).rejects.toThrow(/0-planted\.jsonl: is not a regular file/);
    expect(await readdir(outDir)).toEqual([]);
  }, 10_000);
});
