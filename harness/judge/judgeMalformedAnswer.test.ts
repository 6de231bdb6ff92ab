import { describe, expect, it } from 'vitest';
import { callRecordOf } from '../protocol/__test-helpers__/sampleOutcomes.js';
import type { CallRecord, TransportUncertainty } from '../transport/callRecord.js';
import { judgeMalformedAnswer } from './judgeMalformedAnswer.js';

function record(stdout: string, exitCode: number | null, uncertainty: TransportUncertainty | null, signal: string | null = null): CallRecord {
  return callRecordOf({
    callId: 'c',
    action: 'submit',
    argv: [],
    startedAt: 0,
    endedAt: 1,
    exitCode,
    signal,
    timedOut: uncertainty === 'timeout',
    stdout,
    timeoutMs: 1000,
    maxOutputBytes: 1024,
    uncertainty,
  });
}

describe('judgeMalformedAnswer', () => {
  it('counts any accepted/terminal answer as an admission, whatever the exit code or shape', () => {
    expect(judgeMalformedAnswer(record('{"state":"accepted"}', 0, null))).toEqual({ kind: 'admission', state: 'accepted' });
    expect(judgeMalformedAnswer(record('{"state":"terminal","junk":1}', 3, 'nonzero-exit'))).toEqual({ kind: 'admission', state: 'terminal' });
  });

  it('counts a nonzero exit, a foreign signal or an unknown answer as a refusal', () => {
    expect(judgeMalformedAnswer(record('', 2, 'nonzero-exit'))).toEqual({ kind: 'refused' });
    expect(judgeMalformedAnswer(record('', null, 'killed-by-signal', 'SIGSEGV'))).toEqual({ kind: 'refused' });
    expect(judgeMalformedAnswer(record('{"state":"unknown","reason":"missing"}', 0, null))).toEqual({ kind: 'refused' });
  });

  it('calls exit 0 without an unknown answer "not refused"', () => {
    expect(judgeMalformedAnswer(record('', 0, null))).toEqual({ kind: 'not-refused' });
    expect(judgeMalformedAnswer(record('ok', 0, null))).toEqual({ kind: 'not-refused' });
  });

  it('draws nothing from the suite’s own kills, and from a stream failure unless the exit code refused', () => {
    expect(judgeMalformedAnswer(record('', null, 'timeout', 'SIGKILL')).kind).toBe('uncertain');
    expect(judgeMalformedAnswer(record('', null, 'output-overflow', 'SIGKILL')).kind).toBe('uncertain');
    expect(judgeMalformedAnswer(record('', 0, 'stream-failure')).kind).toBe('uncertain');
    expect(judgeMalformedAnswer(record('', 2, 'stream-failure'))).toEqual({ kind: 'refused' });
  });
});
