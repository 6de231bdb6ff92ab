import { describe, expect, it } from 'vitest';
import { TRANSPORT_UNCERTAINTIES } from '../transport/callRecord.js';
import { TranscriptInputError, transcriptCall } from './transcriptLine.js';

// Exactly the fields every transcript line must have, whoever wrote it (the request given as a value, having no text).
const minimal = {
  action: 'observe',
  request: { any: 1 },
  exitCode: 0,
  signal: null,
  timedOut: false,
  stdout: '{}',
  stdoutTruncated: false,
  startedAt: 10,
  endedAt: 20,
  maxOutputBytes: 4_096,
};

function inputError(text: string): TranscriptInputError {
  try {
    transcriptCall(text, 7);
  } catch (error) {
    if (error instanceof TranscriptInputError) return error;
    throw error;
  }
  throw new Error('no TranscriptInputError');
}

describe('transcriptCall', () => {
  it('reads a line with only the required fields, deriving the transport uncertainty', () => {
    expect(transcriptCall(JSON.stringify(minimal), 1)).toMatchObject({
      line: 1,
      hasRequestText: false,
      masked: false,
      request: { any: 1 },
      record: { uncertainty: null, stdoutInvalidUtf8: false, maxOutputBytes: 4_096 },
    });
    const derived = (fields: object): unknown => transcriptCall(JSON.stringify({ ...minimal, ...fields }), 1).record.uncertainty;
    expect(derived({ exitCode: 3 })).toBe('nonzero-exit');
    expect(derived({ exitCode: null, signal: 'SIGSEGV' })).toBe('killed-by-signal');
    expect(derived({ timedOut: true, exitCode: null, signal: 'SIGKILL' })).toBe('timeout');
    expect(derived({ stdoutTruncated: true })).toBe('output-overflow');
    expect(derived({ uncertainty: 'stream-failure' })).toBe('stream-failure');
  });

  it.each(TRANSPORT_UNCERTAINTIES)('reads the recorded uncertainty %s (SDK refusals included)', (uncertainty) => {
    expect(transcriptCall(JSON.stringify({ ...minimal, exitCode: 1, uncertainty }), 1).record.uncertainty).toBe(uncertainty);
  });

  it('reads the stderr byte count when the line has one, and refuses a mistyped one', () => {
    expect(transcriptCall(JSON.stringify({ ...minimal, stderrBytes: 70_000 }), 1).record.stderrBytes).toBe(70_000);
    expect(transcriptCall(JSON.stringify(minimal), 1).record.stderrBytes).toBe(0);
    expect(inputError(JSON.stringify({ ...minimal, stderrBytes: -1 })).field).toBe('stderrBytes');
  });

  it('names the line and the field of a missing or mistyped field', () => {
    const { stdout: _stdout, ...withoutStdout } = minimal;
    expect(inputError(JSON.stringify(withoutStdout))).toMatchObject({ line: 7, field: 'stdout', message: 'line 7 has no field "stdout"' });
    expect(inputError(JSON.stringify({ ...minimal, startedAt: '10' }))).toMatchObject({ line: 7, field: 'startedAt' });
    expect(inputError(JSON.stringify({ ...minimal, endedAt: 5 }))).toMatchObject({ line: 7, field: 'endedAt' });
    expect(inputError(JSON.stringify({ ...minimal, uncertainty: 'bored' }))).toMatchObject({ field: 'uncertainty' });
  });

  // One value of a wrong type per field (a string where none is allowed, a number where a string is due).
  const mistyped = { action: 'poll', exitCode: 1.5, signal: 9, timedOut: 'no', stdout: 1, stdoutTruncated: null, startedAt: '10', endedAt: null, maxOutputBytes: 0 };
  it.each(Object.keys(mistyped))('names required field %s when it is missing or mistyped, and no other', (field) => {
    const { [field]: _dropped, ...without } = minimal as Record<string, unknown>;
    expect(inputError(JSON.stringify(without))).toMatchObject({ field, message: `line 7 has no field "${field}"` });
    expect(inputError(JSON.stringify({ ...minimal, [field]: mistyped[field as keyof typeof mistyped] }))).toMatchObject({
      field,
      message: expect.stringMatching(new RegExp(`^line 7: field "${field}" is not `)) as string,
    });
  });

  it.each([
    ['requestText', 1],
    ['stdoutInvalidUtf8', 'no'],
    ['stderrBytes', 1.5],
    ['uncertainty', 'bored'],
  ])('refuses optional field %s with the wrong type (%j), and reads the line without it', (field, value) => {
    expect(inputError(JSON.stringify({ ...minimal, [field]: value }))).toMatchObject({ field });
    expect(() => transcriptCall(JSON.stringify(minimal), 1)).not.toThrow();
  });

  it('needs the request as a value only when the line lacks its exact text', () => {
    const { request: _request, ...withoutRequest } = minimal;
    expect(inputError(JSON.stringify(withoutRequest))).toMatchObject({ line: 7, field: 'request', message: 'line 7 has no field "requestText" or "request"' });
    expect(transcriptCall(JSON.stringify({ ...withoutRequest, requestText: '{}' }), 1)).toMatchObject({ hasRequestText: true, request: undefined, record: { requestText: '{}' } });
  });

  it('refuses a line that is not a JSON object', () => {
    expect(inputError('{"action":')).toMatchObject({ line: 7, field: null, message: expect.stringMatching(/^line 7 is not JSON/) as string });
    expect(inputError('[1]').message).toBe('line 7 is not a JSON object');
  });
});
