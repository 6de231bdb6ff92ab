import { describe, expect, it } from 'vitest';
import { callRecordOf } from '../protocol/__test-helpers__/sampleOutcomes.js';
import { callExcerpt, EXCERPT_CHARS } from './callExcerpt.js';

describe('callExcerpt', () => {
  it('keeps a short call whole, with exactly the excerpt fields', () => {
    const record = callRecordOf({ action: 'submit', requestText: '{"é":1}', stdout: '{"state":"unknown"}', exitCode: 3, uncertainty: 'nonzero-exit' });
    expect(callExcerpt(record)).toStrictEqual({
      callId: record.callId,
      action: 'submit',
      request: '{"é":1}',
      requestBytes: 8,
      exitCode: 3,
      signal: null,
      timedOut: false,
      stdout: '{"state":"unknown"}',
      stdoutBytes: 19,
      uncertainty: 'nonzero-exit',
    });
  });

  it('cuts a long request and stdout with a marker, keeping the full byte counts', () => {
    const requestText = `{"text":"${'é'.repeat(EXCERPT_CHARS)}"}`;
    const stdout = 'y'.repeat(EXCERPT_CHARS + 500);
    const excerpt = callExcerpt(callRecordOf({ requestText, stdout }));
    expect(excerpt.request).toBe(`${requestText.slice(0, EXCERPT_CHARS)}… (${requestText.length - EXCERPT_CHARS} more characters)`);
    expect(excerpt.requestBytes).toBe(Buffer.byteLength(requestText));
    expect(excerpt.stdout).toBe(`${'y'.repeat(EXCERPT_CHARS)}… (500 more characters)`);
    expect(excerpt.stdoutBytes).toBe(EXCERPT_CHARS + 500);
  });

  it('keeps text of exactly the excerpt length whole', () => {
    const stdout = 'z'.repeat(EXCERPT_CHARS);
    expect(callExcerpt(callRecordOf({ stdout })).stdout).toBe(stdout);
  });
});
