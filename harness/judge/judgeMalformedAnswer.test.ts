import { describe, expect, it } from 'vitest';
import { submitRecord } from '../protocol/__test-helpers__/sampleOutcomes.js';
import { judgeMalformedAnswer } from './judgeMalformedAnswer.js';

describe('judgeMalformedAnswer', () => {
  it('counts any accepted/terminal answer as an admission, whatever the exit code or shape', () => {
    expect(judgeMalformedAnswer(submitRecord('{"state":"accepted"}', 0, null))).toEqual({ kind: 'admission', state: 'accepted' });
    expect(judgeMalformedAnswer(submitRecord('{"state":"terminal","junk":1}', 3, 'nonzero-exit'))).toEqual({ kind: 'admission', state: 'terminal' });
  });

  it('counts a nonzero exit, a foreign signal or an unknown answer as a refusal', () => {
    expect(judgeMalformedAnswer(submitRecord('', 2, 'nonzero-exit'))).toEqual({ kind: 'refused' });
    expect(judgeMalformedAnswer(submitRecord('', null, 'killed-by-signal', 'SIGSEGV'))).toEqual({ kind: 'refused' });
    expect(judgeMalformedAnswer(submitRecord('{"state":"unknown","reason":"missing"}', 0, null))).toEqual({ kind: 'refused' });
  });

  it('calls exit 0 without an unknown answer "not refused"', () => {
    expect(judgeMalformedAnswer(submitRecord('', 0, null))).toEqual({ kind: 'not-refused' });
    expect(judgeMalformedAnswer(submitRecord('ok', 0, null))).toEqual({ kind: 'not-refused' });
  });

  it('draws nothing from the suite’s own kills, and from a stream failure unless the exit code refused', () => {
    expect(judgeMalformedAnswer(submitRecord('', null, 'timeout', 'SIGKILL')).kind).toBe('uncertain');
    expect(judgeMalformedAnswer(submitRecord('', null, 'output-overflow', 'SIGKILL')).kind).toBe('uncertain');
    expect(judgeMalformedAnswer(submitRecord('', 0, 'stream-failure')).kind).toBe('uncertain');
    expect(judgeMalformedAnswer(submitRecord('', 2, 'stream-failure'))).toEqual({ kind: 'refused' });
  });
});
