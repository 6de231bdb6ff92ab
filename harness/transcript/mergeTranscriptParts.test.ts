import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryRoot } from '../__test-helpers__/temporaryRoot.js';
import { callRecordOf } from '../protocol/__test-helpers__/callRecordOf.js';
import { mergeTranscriptParts } from './mergeTranscriptParts.js';
import { TranscriptWriter } from './TranscriptWriter.js';

const root = temporaryRoot('transcript-merge');

/** A part file as another worker would have written it: one JSON line per call. */
async function writePart(workDir: string, name: string, lines: readonly { callId: string; startedAt: number }[]): Promise<void> {
  await mkdir(join(workDir, 'transcript'), { recursive: true });
  await writeFile(join(workDir, 'transcript', name), lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
}

async function mergedCallIds(destination: string): Promise<string[]> {
  const content = await readFile(destination, 'utf8');
  return content.split('\n').filter((text) => text !== '').map((text) => (JSON.parse(text) as { callId: string }).callId);
}

describe('mergeTranscriptParts', () => {
  it('merges the parts of two workers by call start, ties in worker then line order', async () => {
    const workDir = join(root(), 'two-workers');
    await writePart(workDir, '100-1.jsonl', [
      { callId: 'a1', startedAt: 30 },
      { callId: 'a2', startedAt: 20 },
      { callId: 'a3', startedAt: 20 },
    ]);
    await writePart(workDir, '200-1.jsonl', [
      { callId: 'b1', startedAt: 10 },
      { callId: 'b2', startedAt: 20 },
      { callId: 'b3', startedAt: 40 },
    ]);
    const destination = join(root(), 'two-workers.jsonl');
    await expect(mergeTranscriptParts(workDir, destination)).resolves.toBe(6);
    expect(await mergedCallIds(destination)).toEqual(['b1', 'a2', 'a3', 'b2', 'a1', 'b3']);
  });

  it("merges a writer's part with another worker's, keeping each line whole", async () => {
    const workDir = join(root(), 'writer');
    new TranscriptWriter(workDir).append(callRecordOf({ callId: 'mine', startedAt: 2_000, stdout: 'line\nbreak' }), 'OUT-JSON: t');
    await writePart(workDir, '0-0.jsonl', [{ callId: 'theirs', startedAt: 1_000 }]);
    const destination = join(root(), 'writer.jsonl');
    await expect(mergeTranscriptParts(workDir, destination)).resolves.toBe(2);
    expect(await mergedCallIds(destination)).toEqual(['theirs', 'mine']);
    const last = JSON.parse((await readFile(destination, 'utf8')).trimEnd().split('\n')[1] ?? '') as { stdout: string; test: string };
    expect(last).toMatchObject({ stdout: 'line\nbreak', test: 'OUT-JSON: t' });
  });

  it('replaces the destination atomically, leaving no temporary file', async () => {
    const workDir = join(root(), 'atomic');
    await writePart(workDir, '1-1.jsonl', [{ callId: 'only', startedAt: 1 }]);
    await writeFile(join(workDir, 'transcript', 'stray.tmp'), 'not a part\n');
    const outDir = join(root(), 'atomic-out');
    await mkdir(outDir);
    const destination = join(outDir, 'transcript.jsonl');
    await writeFile(destination, 'stale\n');
    await expect(mergeTranscriptParts(workDir, destination)).resolves.toBe(1);
    expect(await readdir(outDir)).toEqual(['transcript.jsonl']);
    expect(await mergedCallIds(destination)).toEqual(['only']);
  });

  it('writes an empty transcript when there are no parts, or no parts directory', async () => {
    const empty = join(root(), 'empty');
    await mkdir(join(empty, 'transcript'), { recursive: true });
    const missing = join(root(), 'missing');
    for (const workDir of [empty, missing]) {
      const destination = `${workDir}.jsonl`;
      await expect(mergeTranscriptParts(workDir, destination)).resolves.toBe(0);
      expect(await readFile(destination, 'utf8')).toBe('');
    }
  });
});

describe('mergeTranscriptParts at scale', () => {
  it('streams parts far larger than one string could hold in memory at once, in start order', async () => {
    const workDir = join(root(), 'large');
    await mkdir(join(workDir, 'transcript'), { recursive: true });
    // 40 lines of 4 MiB each (160 MiB): a join of them all would be one 160 MiB string.
    const pad = 'p'.repeat(4 * 1_048_576);
    for (const [name, starts] of [['a.jsonl', [40, 20, 0]], ['b.jsonl', [10, 30]]] as const) {
      const lines = [];
      for (let index = 0; index < 8; index += 1) for (const start of starts) lines.push(`${JSON.stringify({ callId: `${name}-${start}-${index}`, startedAt: start + index, pad })}\n`);
      await writeFile(join(workDir, 'transcript', name), lines.join(''));
    }
    const destination = join(root(), 'large.jsonl');
    await expect(mergeTranscriptParts(workDir, destination)).resolves.toBe(40);
    const starts: number[] = [];
    const { createReadStream } = await import('node:fs');
    const { createInterface } = await import('node:readline');
    for await (const line of createInterface({ input: createReadStream(destination) })) starts.push((JSON.parse(line) as { startedAt: number }).startedAt);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(starts).toHaveLength(40);
  });

  it('refuses a part whose last line was torn (no newline)', async () => {
    const workDir = join(root(), 'torn');
    await mkdir(join(workDir, 'transcript'), { recursive: true });
    await writeFile(join(workDir, 'transcript', 'a.jsonl'), '{"callId":"a","startedAt":1}\n{"callId":"b"');
    await expect(mergeTranscriptParts(workDir, join(root(), 'torn.jsonl'))).rejects.toThrow(/torn write/);
  });
});
