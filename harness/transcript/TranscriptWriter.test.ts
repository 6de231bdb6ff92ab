import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryRoot } from '../__test-helpers__/temporaryRoot.js';
import { SecretMask } from '../evidence/SecretMask.js';
import { callRecordOf } from '../protocol/__test-helpers__/callRecordOf.js';
import { KEPT_STDERR_CHARS, TranscriptWriter, type TranscriptLine } from './TranscriptWriter.js';

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
