import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryRoot } from '../__test-helpers__/temporaryRoot.js';
import { readChunks, SpawnFailureTally } from './readTranscript.js';

const LINE_TOO_LONG = 'line too long';

const root = temporaryRoot('read-chunks');

async function chunksOf(text: string, chunkBytes: number, maxLineBytes: number): Promise<string[]> {
  const file = join(root(), 'lines.txt');
  await writeFile(file, text);
  const chunks: string[] = [];
  for await (const chunk of readChunks(file, chunkBytes, maxLineBytes)) chunks.push(chunk === null ? LINE_TOO_LONG : chunk.toString('utf8'));
  return chunks;
}

describe('readChunks', () => {
  it('cuts only after newlines, so the chunks put together are the file', async () => {
    const text = 'one\ntwo\nthree\n\nfive é\nsix';
    for (const chunkBytes of [1, 2, 3, 5, 8, 64]) {
      const chunks = await chunksOf(text, chunkBytes, 64);
      expect(chunks.join(''), `chunks of ${chunkBytes}`).toBe(text);
      for (const chunk of chunks.slice(0, -1)) expect(chunk).toMatch(/\n$/);
    }
  });

  it('yields nothing more for a final newline, and a last line without one', async () => {
    expect(await chunksOf('a\nb\n', 64, 64)).toEqual(['a\nb\n']);
    expect(await chunksOf('a\nb', 64, 64)).toEqual(['a\n', 'b']);
    expect(await chunksOf('', 64, 64)).toEqual([]);
  });

  it('reads a line longer than a chunk whole, and stops at a line past the longest accepted', async () => {
    expect(await chunksOf(`${'x'.repeat(40)}\nshort\n`, 4, 40)).toEqual([`${'x'.repeat(40)}\nshort\n`]);
    expect(await chunksOf(`ok\n${'x'.repeat(41)}\nnever\n`, 4, 40)).toEqual(['ok\n', LINE_TOO_LONG]);
    expect(await chunksOf(`ok\n${'x'.repeat(41)}`, 4, 40)).toEqual(['ok\n', LINE_TOO_LONG]);
    expect(await chunksOf(`${'x'.repeat(41)}\n`, 64, 40)).toEqual([LINE_TOO_LONG]);
  });

  it('names the file and the reason when it cannot be read', async () => {
    const read = async (file: string): Promise<void> => {
      for await (const _chunk of readChunks(file, 64, 64)) expect.unreachable();
    };
    await expect(read(join(root(), 'absent.jsonl'))).rejects.toThrow(
      expect.objectContaining({ name: 'TranscriptInputError', message: expect.stringMatching(/absent\.jsonl: ENOENT/) as string }),
    );
    await expect(read(root())).rejects.toThrow(/EISDIR/);
  });
});

describe('SpawnFailureTally', () => {
  const line = (fields: Record<string, unknown>): string => JSON.stringify({ callId: 'c', action: 'submit', ...fields });
  const tallyOf = (lines: readonly string[]): unknown => {
    const tally = new SpawnFailureTally();
    for (const text of lines) tally.add(Buffer.from(text));
    return tally.count();
  };

  it("counts the calls, blank lines aside, and those that failed to spawn, with the first one's detail", () => {
    const failed = (detail: string): string => line({ uncertainty: 'spawn-failure', uncertaintyDetail: detail });
    const lines = [line({ uncertainty: null }), '\n', failed('ENOENT first'), `${line({ uncertainty: 'timeout' })}\n`, `${failed('ENOENT second')}\n`, line({})];
    expect(tallyOf(lines)).toEqual({ calls: 5, spawnFailures: 2, firstDetail: 'ENOENT first' });
    expect(tallyOf([])).toEqual({ calls: 0, spawnFailures: 0, firstDetail: null });
  });

  it('reads a line that is a view into a larger buffer, and only that line', () => {
    const shared = Buffer.from(`${line({ uncertainty: 'spawn-failure', uncertaintyDetail: 'before' })}\n${line({ uncertainty: null })}\n`);
    const tally = new SpawnFailureTally();
    tally.add(shared.subarray(shared.indexOf('\n') + 1));
    expect(tally.count()).toEqual({ calls: 1, spawnFailures: 0, firstDetail: null });
  });

  it('never counts the field where an adapter printed it (inside a JSON string, its quotes escaped)', () => {
    const printed = line({ uncertainty: null, stdout: '{"uncertainty":"spawn-failure"}' });
    expect(tallyOf([printed, printed])).toEqual({ calls: 2, spawnFailures: 0, firstDetail: null });
  });
});
