import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryRoot } from '../__test-helpers__/temporaryRoot.js';
import { acceptedOutcome, sampleBinding, sampleRef, terminalOutcome } from '../protocol/__test-helpers__/sampleOutcomes.js';
import { transcriptCall } from '../transcript/transcriptLine.js';
import { mixedTranscriptLines, transcriptLineOf } from './__test-helpers__/transcriptLines.js';
import { ChunkReplayer } from './chunkJudgement.js';
import { TranscriptVerifier, type VerifyResult } from './TranscriptVerifier.js';
import { verifyTranscript } from './verifyTranscript.js';

const root = temporaryRoot('verify-transcript');

async function fileOf(name: string, text: string): Promise<string> {
  const file = join(root(), name);
  await writeFile(file, text);
  return file;
}

/** The verdict of feeding every line to one verifier, with no chunks. */
function lineByLine(lines: readonly string[]): VerifyResult {
  const verifier = new TranscriptVerifier();
  lines.forEach((line, index) => verifier.add(transcriptCall(line, index + 1)));
  return verifier.finish();
}

describe('verifyTranscript', () => {
  const lines = mixedTranscriptLines(60);

  it('gives the verdict of a line-by-line check, whatever the chunk size', async () => {
    const expected = lineByLine(lines);
    // Every kind of finding is there to be reproduced.
    expect(expected.violated.map((entry) => entry.clauseId)).toEqual(['WIRE-STDERR-BOUND', 'REQ-CLOSED', 'OUT-EXIT', 'OUT-UNKNOWN-REASON', 'SEM-EQUAL-REVISION', 'SEM-ACCEPTANCE-STABLE']);
    expect(expected).toMatchObject({ maskedSkipped: 12, refusalsChecked: 60 });
    // Seven floods on outcome lines, seven on observe lines (one of them masked), one on an admitted malformed request; none on failed calls.
    const stderrBound = expected.violated.find((entry) => entry.clauseId === 'WIRE-STDERR-BOUND');
    expect(stderrBound?.count).toBe(15);
    expect(lineByLine(lines.filter((line) => !line.includes('"stderrBytes":70000'))).violated.map((entry) => entry.clauseId)).not.toContain('WIRE-STDERR-BOUND');
    const file = await fileOf('mixed.jsonl', `${lines.join('\n')}\n`);
    for (const chunkBytes of [1, 700, 5_000, 1 << 20]) {
      expect(await verifyTranscript(file, { workers: 0, chunkBytes }), `chunks of ${chunkBytes} bytes`).toEqual(expected);
    }
    const withoutLastNewline = await fileOf('mixed-no-newline.jsonl', lines.join('\n'));
    expect(await verifyTranscript(withoutLastNewline, { workers: 0, chunkBytes: 5_000 })).toEqual(expected);
  });

  it('gives the same verdict when worker threads judge the chunks (dist/ must be built)', async () => {
    const file = await fileOf('mixed-workers.jsonl', `${lines.join('\n')}\n`);
    const expected = lineByLine(lines);
    expect(await verifyTranscript(file, { workers: 2, chunkBytes: 5_000 })).toEqual(expected);
    expect(await verifyTranscript(file, { workers: 3, chunkBytes: 700, maxOutputBytes: 300 })).toEqual(await verifyTranscript(file, { workers: 0, maxOutputBytes: 300 }));
    const broken = await fileOf('broken-workers.jsonl', `${[...lines.slice(0, 150), 'not json', ...lines.slice(150)].join('\n')}\n`);
    await expect(verifyTranscript(broken, { workers: 2, chunkBytes: 5_000 })).rejects.toThrow(expect.objectContaining({ name: 'TranscriptInputError', line: 151 }));
  });

  it('names the real line number of a bad line or a line out of order in a later chunk', async () => {
    const broken = [...lines.slice(0, 150), '{"not": "a call"}', ...lines.slice(150)];
    const brokenFile = await fileOf('broken.jsonl', `${broken.join('\n')}\n`);
    await expect(verifyTranscript(brokenFile, { workers: 0, chunkBytes: 5_000 })).rejects.toThrow(
      expect.objectContaining({ name: 'TranscriptInputError', line: 151, message: 'line 151 has no field "action"' }),
    );
    const binding = sampleBinding('late');
    const early = transcriptLineOf({ binding, answer: acceptedOutcome(binding), startedAt: 1, endedAt: 2 });
    const disordered = await fileOf('disordered.jsonl', `${[...lines.slice(0, 200), early].join('\n')}\n`);
    await expect(verifyTranscript(disordered, { workers: 0, chunkBytes: 5_000 })).rejects.toThrow(expect.objectContaining({ name: 'TranscriptInputError', line: 201, field: 'startedAt' }));
  });

  it('numbers the line past the longest accepted after the lines replayed', () => {
    const replayer = new ChunkReplayer(new TranscriptVerifier(), 100);
    replayer.replay({
      lines: 2,
      starts: new Float64Array([0, 1]),
      ends: new Float64Array([1, 2]),
      kinds: new Uint8Array([1, 1]),
      outcomeIndex: new Uint32Array(2),
      outcomeTexts: [],
      findings: [],
      failed: null,
    });
    expect(replayer.lineTooLong()).toMatchObject({ name: 'TranscriptInputError', line: 3, message: 'line 3 is longer than 100 bytes' });
  });
});

describe('verifyTranscript: text beyond ASCII', () => {
  it('reads a chunk with UTF-8 text as UTF-8, beside chunks of ASCII only', async () => {
    const lines = mixedTranscriptLines(40);
    const binding = sampleBinding('op-utf8');
    // A wrong decoding would change the result text, so its digest and length would no longer match (OUT-RESULT-INTEGRITY).
    const wide = transcriptLineOf({ binding, answer: terminalOutcome(binding, 2, sampleRef(1), 'completed', 'héllo ✓ 𝄞'), startedAt: 10_000, endedAt: 10_001 });
    const withWide = [...lines, wide];
    const expected = lineByLine(withWide);
    expect(expected.violated.map((entry) => entry.clauseId)).not.toContain('OUT-RESULT-INTEGRITY');
    const file = await fileOf('utf8.jsonl', `${withWide.join('\n')}\n`);
    expect(await verifyTranscript(file, { workers: 0, chunkBytes: 5_000 })).toEqual(expected);
    expect(await verifyTranscript(file, { workers: 2, chunkBytes: 5_000 })).toEqual(expected);
  });
});

describe('verifyTranscript: OUT-UNIQUE-KEYS', () => {
  it('finds a repeated key in a valid outcome, line by line and on worker threads alike', async () => {
    const binding = sampleBinding('op-dup', { task: 'x' });
    const canonical = JSON.stringify(acceptedOutcome(binding));
    // JSON.parse keeps the last value, so the answer is still a valid outcome for this binding.
    const duplicated = `{"operationId":"someone-elses-op","revision":99,${canonical.slice(1)}\n`;
    const lines = [
      transcriptLineOf({ binding, action: 'submit', answer: acceptedOutcome(binding), startedAt: 0, endedAt: 10 }),
      transcriptLineOf({ binding, answer: duplicated, startedAt: 20, endedAt: 30 }),
    ];
    const expected = lineByLine(lines);
    expect(expected.outcomes).toBe(2);
    expect(expected.violated.map((entry) => [entry.clauseId, entry.examples.map((example) => [...example.lines])])).toEqual([['OUT-UNIQUE-KEYS', [[2]]]]);
    const file = await fileOf('duplicate-keys.jsonl', `${lines.join('\n')}\n`);
    expect(await verifyTranscript(file, { workers: 0, chunkBytes: 5_000 })).toEqual(expected);
    expect(await verifyTranscript(file, { workers: 2, chunkBytes: 600 })).toEqual(expected);
  });
});
