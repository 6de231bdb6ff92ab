import { describe, expect, it } from 'vitest';
import { callRecordOf } from '../protocol/__test-helpers__/sampleOutcomes.js';
import { judgeStderrBound } from './judgeStderrBound.js';

describe('judgeStderrBound', () => {
  it('holds at exactly 65,536 bytes of stderr and FAILs one byte over, naming the call and its count', () => {
    expect(judgeStderrBound(callRecordOf({ stderrBytes: 65_536 }))).toEqual({ exercised: true, found: null });
    const { exercised, found } = judgeStderrBound(callRecordOf({ callId: 'c-9', action: 'submit', stderrBytes: 65_537 }));
    expect(exercised).toBe(true);
    expect(found).toMatchObject({
      clauseId: 'WIRE-STDERR-BOUND',
      message: expect.stringContaining('call c-9 (submit) exited 0 after writing 65537 bytes'),
      details: { stderrBytes: 65_537 },
    });
  });

  it('does not judge a call that did not exit 0 (the host voids it anyway)', () => {
    expect(judgeStderrBound(callRecordOf({ exitCode: 2, uncertainty: 'nonzero-exit', stderrBytes: 1_000_000 }))).toEqual({ exercised: false, found: null });
    expect(judgeStderrBound(callRecordOf({ exitCode: null, signal: 'SIGKILL', uncertainty: 'killed-by-signal', stderrBytes: 1_000_000 }))).toEqual({ exercised: false, found: null });
  });
});
