import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryRoot } from '../__test-helpers__/temporaryRoot.js';
import { SecretMask } from '../evidence/SecretMask.js';
import { callRecordOf } from '../protocol/__test-helpers__/callRecordOf.js';
import { KEPT_STDERR_CHARS, MAX_TRANSCRIPT_LINE_BYTES, TranscriptWriter, type TranscriptLine } from './TranscriptWriter.js';

const root = temporaryRoot('transcript-writer');
const noSecrets = new SecretMask({});

async function linesIn(workDir: string): Promise<TranscriptLine[]> {
  const [part, ...others] = await readdir(join(workDir, 'transcript'));
  expect(others).toEqual([]);
  const content = await readFile(join(workDir, 'transcript', part ?? ''), 'utf8');
  expect(content.endsWith('\n')).toBe(true);
  return content.trimEnd().split('\n').map((text) => JSON.parse(text) as TranscriptLine);
}

describe('TranscriptWriter', () => {
  it("appends one line per call to this worker's part file, with the parsed request and the test", async () => {
    const workDir = join(root(), 'parsed');
    const writer = new TranscriptWriter(workDir, { mask: noSecrets });
    const record = callRecordOf({ action: 'submit', requestText: '{"action":"submit","n":1}', stdout: '{"state":"accepted"}' });
    writer.append(record, 'REQ-CLOSED: first');
    writer.append(callRecordOf({ callId: 'call-2' }), 'OUT-JSON: second');
    const lines = await linesIn(workDir);
    expect(lines).toStrictEqual([
      { ...record, request: { action: 'submit', n: 1 }, test: 'REQ-CLOSED: first', stderrKept: false },
      { ...callRecordOf({ callId: 'call-2' }), request: {}, test: 'OUT-JSON: second', stderrKept: false },
    ]);
  });

  it('keeps the exact request text and a null request when the text is not JSON', async () => {
    const workDir = join(root(), 'not-json');
    new TranscriptWriter(workDir, { mask: noSecrets }).append(callRecordOf({ requestText: '{"a":1' }), 'REQ-JSON: broken');
    const [line] = await linesIn(workDir);
    expect(line).toMatchObject({ request: null, requestText: '{"a":1', test: 'REQ-JSON: broken' });
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
