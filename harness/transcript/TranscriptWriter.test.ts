import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryRoot } from '../__test-helpers__/temporaryRoot.js';
import { callRecordOf } from '../protocol/__test-helpers__/callRecordOf.js';
import { TranscriptWriter, type TranscriptLine } from './TranscriptWriter.js';

const root = temporaryRoot('transcript-writer');

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
    const writer = new TranscriptWriter(workDir);
    const record = callRecordOf({ action: 'submit', requestText: '{"action":"submit","n":1}', stdout: '{"state":"accepted"}' });
    writer.append(record, 'REQ-CLOSED: first');
    writer.append(callRecordOf({ callId: 'call-2' }), 'OUT-JSON: second');
    const lines = await linesIn(workDir);
    expect(lines).toStrictEqual([
      { ...record, request: { action: 'submit', n: 1 }, test: 'REQ-CLOSED: first' },
      { ...callRecordOf({ callId: 'call-2' }), request: {}, test: 'OUT-JSON: second' },
    ]);
  });

  it('keeps the exact request text and a null request when the text is not JSON', async () => {
    const workDir = join(root(), 'not-json');
    new TranscriptWriter(workDir).append(callRecordOf({ requestText: '{"a":1' }), 'REQ-JSON: broken');
    const [line] = await linesIn(workDir);
    expect(line).toMatchObject({ request: null, requestText: '{"a":1', test: 'REQ-JSON: broken' });
  });
});
