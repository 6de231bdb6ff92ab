import { appendFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryRoot } from '../__test-helpers__/temporaryRoot.js';
import { SecretMask } from '../evidence/SecretMask.js';
import { callRecordOf } from '../protocol/__test-helpers__/sampleOutcomes.js';
import { KEPT_STDERR_CHARS, MAX_TRANSCRIPT_LINE_BYTES, type TranscriptLine } from './transcriptLine.js';
import { mergeTranscriptParts, TranscriptMergeError, TranscriptWriter } from './TranscriptWriter.js';

const root = temporaryRoot('transcript-writer');
const noSecrets = new SecretMask({});

async function linesIn(workDir: string): Promise<TranscriptLine[]> {
  const [part, ...others] = await readdir(join(workDir, 'transcript'));
  expect(others).toEqual([]);
  const content = await readFile(join(workDir, 'transcript', part ?? ''), 'utf8');
  expect(content.endsWith('\n')).toBe(true);
  return content
    .trimEnd()
    .split('\n')
    .map((text) => JSON.parse(text) as TranscriptLine);
}

describe('TranscriptWriter', () => {
  it("appends one line per call to this worker's part file, with the exact request text and the test", async () => {
    const workDir = join(root(), 'parsed');
    const writer = new TranscriptWriter(workDir, { mask: noSecrets });
    const record = callRecordOf({ action: 'submit', requestText: '{"action":"submit","n":1}', stdout: '{"state":"accepted"}' });
    writer.append(record, 'REQ-CLOSED: first');
    writer.append(callRecordOf({ callId: 'call-2' }), 'OUT-JSON: second');
    const lines = await linesIn(workDir);
    expect(lines).toStrictEqual([
      { ...record, test: 'REQ-CLOSED: first', stderrKept: false },
      { ...callRecordOf({ callId: 'call-2' }), test: 'OUT-JSON: second', stderrKept: false },
    ]);
  });

  it('keeps the exact request text, JSON or not, and no parsed copy of it', async () => {
    const workDir = join(root(), 'not-json');
    new TranscriptWriter(workDir, { mask: noSecrets }).append(callRecordOf({ requestText: '{"a":1' }), 'REQ-JSON: broken');
    const [line] = await linesIn(workDir);
    expect(line).not.toHaveProperty('request');
    expect(line).toMatchObject({ requestText: '{"a":1', test: 'REQ-JSON: broken' });
  });

  it('drops stderr unless keepStderr, which keeps only its last characters', async () => {
    const stderrTail = `${'x'.repeat(10_000)}THE-END`;
    const dropped = join(root(), 'stderr-dropped');
    new TranscriptWriter(dropped, { mask: noSecrets }).append(callRecordOf({ stderrTail }), 'T: dropped');
    expect((await linesIn(dropped))[0]).toMatchObject({ stderrTail: '', stderrKept: false });

    const kept = join(root(), 'stderr-kept');
    new TranscriptWriter(kept, { mask: noSecrets, keepStderr: true }).append(callRecordOf({ stderrTail }), 'T: kept');
    const [line] = await linesIn(kept);
    expect(line?.stderrKept).toBe(true);
    expect(line?.stderrTail).toBe(`… (${stderrTail.length - KEPT_STDERR_CHARS} earlier characters cut) ${stderrTail.slice(-KEPT_STDERR_CHARS)}`);
  });

  it('masks secret values in stdout, kept stderr and error detail, names them, and leaves the request exact', async () => {
    const mask = new SecretMask({ MY_API_TOKEN: 'hunter2-secret', HOME: '/home/someone' });
    const workDir = join(root(), 'masked');
    const record = callRecordOf({
      requestText: '{"note":"hunter2-secret"}',
      stdout: '{"env":{"MY_API_TOKEN":"hunter2-secret","HOME":"/home/someone"}}',
      stderrTail: 'token=hunter2-secret\n',
      uncertainty: 'stream-failure',
      uncertaintyDetail: 'EPIPE hunter2-secret',
    });
    new TranscriptWriter(workDir, { mask, keepStderr: true }).append(record, 'T: masked');
    const [line] = await linesIn(workDir);
    expect(line).toMatchObject({
      stdout: '{"env":{"MY_API_TOKEN":"[masked: MY_API_TOKEN]","HOME":"/home/someone"}}',
      stderrTail: 'token=[masked: MY_API_TOKEN]\n',
      uncertaintyDetail: 'EPIPE [masked: MY_API_TOKEN]',
      masked: ['MY_API_TOKEN'],
      // The request is the suite's own text, kept exact for `verify`.
      requestText: '{"note":"hunter2-secret"}',
    });
  });
});

describe('TranscriptWriter line bound', () => {
  it('cuts a stdout that would pass the line bound once escaped, on a character boundary, and records the cut', async () => {
    const workDir = join(root(), 'line-cut');
    const stdout = '\u0001'.repeat(1_048_576);
    new TranscriptWriter(workDir, { mask: noSecrets }).append(callRecordOf({ stdout, stdoutBytes: stdout.length }), 'OUT-JSON: flood');
    const content = await readFile(join(workDir, 'transcript', (await readdir(join(workDir, 'transcript')))[0] ?? ''), 'utf8');
    expect(Buffer.byteLength(content)).toBeLessThanOrEqual(MAX_TRANSCRIPT_LINE_BYTES + 1);
    const [line] = await linesIn(workDir);
    expect(line?.lineCut).toEqual({ field: 'stdout', keptBytes: line?.stdout.length, droppedBytes: stdout.length - (line?.stdout.length ?? 0) });
    expect(line?.stdout.length).toBeGreaterThan(600_000);
    expect(stdout.startsWith(line?.stdout ?? 'x')).toBe(true);
  });

  it('leaves a line within the bound whole, with no cut recorded', async () => {
    const workDir = join(root(), 'line-whole');
    new TranscriptWriter(workDir, { mask: noSecrets }).append(callRecordOf({ stdout: 'x'.repeat(1_048_576) }), 'OUT-SIZE: at the bound');
    const [line] = await linesIn(workDir);
    expect(line?.stdout).toHaveLength(1_048_576);
    expect(line).not.toHaveProperty('lineCut');
  });

  it.each([
    { what: 'a long stdout (measured before the line is built)', requestBytes: 0, controls: 500_000 },
    { what: 'a short stdout beside a long request', requestBytes: 4_000_000, controls: 10_000 },
  ])('keeps a line of exactly the bound whole and cuts one a byte longer: $what', async ({ requestBytes, controls }) => {
    const workDir = join(root(), `line-at-bound-${requestBytes}`);
    const partText = async (): Promise<string> => readFile(join(workDir, 'transcript', (await readdir(join(workDir, 'transcript')))[0] ?? ''), 'utf8');
    const writer = new TranscriptWriter(workDir, { mask: noSecrets });
    // The same record and test but the stdout, so only the escaped stdout changes the line's length.
    const recordWith = (stdout: string) => callRecordOf({ stdout, stdoutBytes: 2_000_000, requestText: 'r'.repeat(requestBytes) });
    writer.append(recordWith(''), 'OUT-SIZE: bound');
    const room = MAX_TRANSCRIPT_LINE_BYTES - (Buffer.byteLength(await partText()) - 1);
    // Six bytes per \u0001 once escaped, one per x.
    const atBound = '\u0001'.repeat(controls) + 'x'.repeat(room - controls * 6);
    writer.append(recordWith(atBound), 'OUT-SIZE: bound');
    writer.append(recordWith(`${atBound}x`), 'OUT-SIZE: bound');
    const [, whole, cut] = await linesIn(workDir);
    expect((await partText()).split('\n').map((text) => Buffer.byteLength(text))[1]).toBe(MAX_TRANSCRIPT_LINE_BYTES);
    expect(whole?.stdout).toBe(atBound);
    expect(whole).not.toHaveProperty('lineCut');
    // The cut line also carries its lineCut, so more than the one byte over goes.
    expect(cut?.lineCut).toEqual({ field: 'stdout', keptBytes: Buffer.byteLength(cut?.stdout ?? ''), droppedBytes: atBound.length + 1 - Buffer.byteLength(cut?.stdout ?? '') });
    expect(Buffer.byteLength(JSON.stringify(cut))).toBeLessThanOrEqual(MAX_TRANSCRIPT_LINE_BYTES);
  });

  it('masks a secret the transport cut at the output bound', async () => {
    const workDir = join(root(), 'cut-secret');
    const mask = new SecretMask({ DATABASE_URL: 'postgres://u:pw-1234@h/db' }, ['DATABASE_URL']);
    new TranscriptWriter(workDir, { mask }).append(callRecordOf({ stdout: 'x postgres://u:pw-12', stdoutTruncated: true }), 'OUT-SIZE: cut');
    const [line] = await linesIn(workDir);
    expect(line).toMatchObject({ stdout: 'x [masked: DATABASE_URL]', masked: ['DATABASE_URL'] });
  });
});

describe('TranscriptWriter line bound, mixed text', () => {
  it('fits a cut of quotes, multi-byte characters, pairs and lone surrogates exactly as JSON.stringify escapes them', async () => {
    const workDir = join(root(), 'line-cut-mixed');
    const stdout = '"\\é€😀\uD800\u0001\n'.repeat(400_000);
    new TranscriptWriter(workDir, { mask: noSecrets }).append(callRecordOf({ stdout }), 'OUT-JSON: mixed');
    const content = await readFile(join(workDir, 'transcript', (await readdir(join(workDir, 'transcript')))[0] ?? ''), 'utf8');
    const bytes = Buffer.byteLength(content) - 1;
    expect(bytes).toBeLessThanOrEqual(MAX_TRANSCRIPT_LINE_BYTES);
    expect(bytes).toBeGreaterThan(MAX_TRANSCRIPT_LINE_BYTES - 16);
    const [line] = await linesIn(workDir);
    expect(stdout.startsWith(line?.stdout ?? 'x')).toBe(true);
    expect(line?.lineCut?.keptBytes).toBe(Buffer.byteLength(line?.stdout ?? ''));
  });
});

const mergeRoot = temporaryRoot('transcript-merge');

/** A part file as another worker would have written it: one JSON line per call. */
async function writePart(workDir: string, name: string, lines: readonly { callId: string; startedAt: number }[]): Promise<void> {
  await mkdir(join(workDir, 'transcript'), { recursive: true });
  await writeFile(join(workDir, 'transcript', name), lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
}

async function mergedCallIds(destination: string): Promise<string[]> {
  const content = await readFile(destination, 'utf8');
  return content
    .split('\n')
    .filter((text) => text !== '')
    .map((text) => (JSON.parse(text) as { callId: string }).callId);
}

describe('mergeTranscriptParts', () => {
  it('merges the parts of two workers by call start, ties in worker then line order', async () => {
    const workDir = join(mergeRoot(), 'two-workers');
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
    const destination = join(mergeRoot(), 'two-workers.jsonl');
    await expect(mergeTranscriptParts(workDir, destination)).resolves.toBe(6);
    expect(await mergedCallIds(destination)).toEqual(['b1', 'a2', 'a3', 'b2', 'a1', 'b3']);
  });

  it("merges a writer's part with another worker's, keeping each line whole", async () => {
    const workDir = join(mergeRoot(), 'writer');
    new TranscriptWriter(workDir).append(callRecordOf({ callId: 'mine', startedAt: 2_000, stdout: 'line\nbreak' }), 'OUT-JSON: t');
    await writePart(workDir, '0-0.jsonl', [{ callId: 'theirs', startedAt: 1_000 }]);
    const destination = join(mergeRoot(), 'writer.jsonl');
    await expect(mergeTranscriptParts(workDir, destination)).resolves.toBe(2);
    expect(await mergedCallIds(destination)).toEqual(['theirs', 'mine']);
    const last = JSON.parse((await readFile(destination, 'utf8')).trimEnd().split('\n')[1] ?? '') as { stdout: string; test: string };
    expect(last).toMatchObject({ stdout: 'line\nbreak', test: 'OUT-JSON: t' });
  });

  it("orders a writer's part by its index, and scans a part its index does not account for (a line appended after the last entry)", async () => {
    const workDir = join(mergeRoot(), 'indexed');
    const writer = new TranscriptWriter(workDir, { mask: noSecrets });
    for (const [callId, startedAt] of [
      ['w3', 300],
      ['w1', 100],
    ] as const)
      writer.append(callRecordOf({ callId, startedAt }), 'OUT-JSON: t');
    const indexed = join(mergeRoot(), 'indexed.jsonl');
    await expect(mergeTranscriptParts(workDir, indexed)).resolves.toBe(2);
    expect(await mergedCallIds(indexed)).toEqual(['w1', 'w3']);
    const [part] = await readdir(join(workDir, 'transcript'));
    await appendFile(join(workDir, 'transcript', part ?? ''), `${JSON.stringify({ callId: 'unindexed', startedAt: 200 })}\n`);
    const scanned = join(mergeRoot(), 'scanned.jsonl');
    await expect(mergeTranscriptParts(workDir, scanned)).resolves.toBe(3);
    expect(await mergedCallIds(scanned)).toEqual(['w1', 'unindexed', 'w3']);
  });

  it('copies megabyte lines byte for byte, in runs of adjacent lines and across parts, showing each line as it goes', async () => {
    const workDir = join(mergeRoot(), 'megabyte-lines');
    // Runs of adjacent lines pass the 4 MiB a copy holds; one line is longer than that on its own.
    const line = (callId: string, startedAt: number, bytes: number) => ({ callId, startedAt, stdout: 'é'.repeat(bytes / 2) });
    const first = [line('a1', 1, 1_500_000), line('a2', 2, 1_500_000), line('a3', 3, 1_500_000), line('a4', 6, 5_000_000), line('a5', 7, 10)];
    const second = [line('b1', 4, 10), line('b2', 5, 2_000_000), line('b3', 8, 1_500_000)];
    await writePart(workDir, '1-1.jsonl', first);
    await writePart(workDir, '2-1.jsonl', second);
    const destination = join(mergeRoot(), 'megabyte-lines.jsonl');
    const seen: string[] = [];
    await expect(mergeTranscriptParts(workDir, destination, (bytes) => seen.push(bytes.toString('utf8')))).resolves.toBe(8);
    const byStart = [...first, ...second].sort((a, b) => a.startedAt - b.startedAt).map((entry) => `${JSON.stringify(entry)}\n`);
    expect((await readFile(destination)).equals(Buffer.from(byStart.join('')))).toBe(true);
    // Each line is shown to the caller as copied: whole, newline included, in order.
    expect(seen).toEqual(byStart);
  });

  it('refuses an index whose lines do not end where it says, rather than copying half lines', async () => {
    const workDir = join(mergeRoot(), 'lying-index');
    await writePart(workDir, '1-1.jsonl', [
      { callId: 'a', startedAt: 1 },
      { callId: 'bb', startedAt: 2 },
    ]);
    const [first = '', second = ''] = (await readFile(join(workDir, 'transcript', '1-1.jsonl'), 'utf8')).split('\n');
    await mkdir(join(workDir, 'transcript-index'), { recursive: true });
    // Right total, wrong cut: the first entry claims one byte more than its line.
    await writeFile(join(workDir, 'transcript-index', '1-1.jsonl.index'), `1 ${first.length + 2}\n2 ${second.length}\n`);
    await expect(mergeTranscriptParts(workDir, join(mergeRoot(), 'lying-index.jsonl'))).rejects.toThrow(/does not end where its index says/);
  });

  it('replaces the destination atomically, leaving no temporary file', async () => {
    const workDir = join(mergeRoot(), 'atomic');
    await writePart(workDir, '1-1.jsonl', [{ callId: 'only', startedAt: 1 }]);
    await writeFile(join(workDir, 'transcript', 'stray.tmp'), 'not a part\n');
    const outDir = join(mergeRoot(), 'atomic-out');
    await mkdir(outDir);
    const destination = join(outDir, 'transcript.jsonl');
    await writeFile(destination, 'stale\n');
    await expect(mergeTranscriptParts(workDir, destination)).resolves.toBe(1);
    expect(await readdir(outDir)).toEqual(['transcript.jsonl']);
    expect(await mergedCallIds(destination)).toEqual(['only']);
  });

  it('writes an empty transcript when there are no parts, or no parts directory', async () => {
    const empty = join(mergeRoot(), 'empty');
    await mkdir(join(empty, 'transcript'), { recursive: true });
    const missing = join(mergeRoot(), 'missing');
    for (const workDir of [empty, missing]) {
      const destination = `${workDir}.jsonl`;
      await expect(mergeTranscriptParts(workDir, destination)).resolves.toBe(0);
      expect(await readFile(destination, 'utf8')).toBe('');
    }
  });
});

describe('mergeTranscriptParts at scale', () => {
  it('streams parts far larger than one string could hold in memory at once, in start order', async () => {
    const workDir = join(mergeRoot(), 'large');
    await mkdir(join(workDir, 'transcript'), { recursive: true });
    // 40 lines of 4 MiB each (160 MiB): a join of them all would be one 160 MiB string.
    const pad = 'p'.repeat(4 * 1_048_576);
    for (const [name, starts] of [
      ['a.jsonl', [40, 20, 0]],
      ['b.jsonl', [10, 30]],
    ] as const) {
      const lines = [];
      for (let index = 0; index < 8; index += 1) for (const start of starts) lines.push(`${JSON.stringify({ callId: `${name}-${start}-${index}`, startedAt: start + index, pad })}\n`);
      await writeFile(join(workDir, 'transcript', name), lines.join(''));
    }
    const destination = join(mergeRoot(), 'large.jsonl');
    await expect(mergeTranscriptParts(workDir, destination)).resolves.toBe(40);
    const starts: number[] = [];
    const { createReadStream } = await import('node:fs');
    const { createInterface } = await import('node:readline');
    for await (const line of createInterface({ input: createReadStream(destination) })) starts.push((JSON.parse(line) as { startedAt: number }).startedAt);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(starts).toHaveLength(40);
  });

  it('refuses a part whose last line was torn (no newline)', async () => {
    const workDir = join(mergeRoot(), 'torn');
    await mkdir(join(workDir, 'transcript'), { recursive: true });
    await writeFile(join(workDir, 'transcript', 'a.jsonl'), '{"callId":"a","startedAt":1}\n{"callId":"b"');
    await expect(mergeTranscriptParts(workDir, join(mergeRoot(), 'torn.jsonl'))).rejects.toThrow(/torn write/);
  });

  it('throws a TranscriptMergeError naming the part, with a literal name and no other field', async () => {
    const workDir = join(mergeRoot(), 'torn-typed');
    const part = join(workDir, 'transcript', 'a.jsonl');
    await mkdir(join(workDir, 'transcript'), { recursive: true });
    await writeFile(part, '{"callId":"a","startedAt":1}\n{"callId":"b"');
    const error: unknown = await mergeTranscriptParts(workDir, join(mergeRoot(), 'torn-typed.jsonl')).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(TranscriptMergeError);
    expect(error).toMatchObject({ name: 'TranscriptMergeError', part, message: `transcript part ${part}: its last line has no newline (a torn write)` });
    expect(Object.keys(error as object).sort()).toEqual(['name', 'part']);
  });
});
