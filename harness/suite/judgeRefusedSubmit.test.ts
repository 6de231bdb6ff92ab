import { describe, expect, it } from 'vitest';
import { callRecordOf } from '../protocol/__test-helpers__/callRecordOf.js';
import { acceptedOutcome, sampleBinding, unknownOutcome } from '../protocol/__test-helpers__/sampleOutcomes.js';
import { exchangeOf, uncertainOf } from './__test-helpers__/exchangeOf.js';
import type { Exchange } from './AdapterSession.js';
import { isRefusal, judgeRefusedSubmit } from './judgeRefusedSubmit.js';

const binding = sampleBinding('op-1');
const admitted = exchangeOf(acceptedOutcome(sampleBinding('control-1')));
const refusedByExit = uncertainOf('refusal');
const streamFailed: Exchange = { kind: 'uncertain', reason: 'stream-failure', record: callRecordOf({ uncertainty: 'stream-failure', uncertaintyDetail: 'stdout: read EIO' }) };

describe('isRefusal', () => {
  it('is a nonzero exit or an unknown answer, and nothing else', () => {
    expect(isRefusal(refusedByExit)).toBe(true);
    expect(isRefusal({ kind: 'uncertain', reason: 'sdk-rejected', record: callRecordOf({ uncertainty: 'sdk-rejected', exitCode: null }) })).toBe(true);
    expect(isRefusal(exchangeOf(unknownOutcome(binding)))).toBe(true);
    expect(isRefusal(exchangeOf(acceptedOutcome(binding)))).toBe(false);
    expect(isRefusal(uncertainOf('timeout'))).toBe(false);
    expect(isRefusal(streamFailed)).toBe(false);
  });
});

describe('judgeRefusedSubmit', () => {
  it('fails SEM-SUBMIT-ADMITS, naming the payload features, when the control right after is admitted', () => {
    const result = judgeRefusedSubmit({ refused: refusedByExit, control: admitted, features: ['booleans', 'null'] });
    expect(result.verdict).toBe('violated');
    if (result.verdict !== 'violated') return;
    expect(result.violations).toHaveLength(1);
    expect(result.violations[0]).toMatchObject({ clauseId: 'SEM-SUBMIT-ADMITS', details: { features: ['booleans', 'null'] } });
    expect(result.violations[0]?.message).toMatch(/^a valid submit was refused \(an uncertain call \(refusal\)\).*control submit of \{\}.*admitted \(accepted\): the refusal depends on booleans, null$/);
  });

  it('stays undecided when the control is refused too: an adapter refusing everything is not over-strict', () => {
    const result = judgeRefusedSubmit({ refused: exchangeOf(unknownOutcome(binding)), control: refusedByExit, features: [] });
    expect(result).toMatchObject({ verdict: 'undecided' });
    expect(result.verdict === 'undecided' ? result.reason : '').toMatch(/refuses everything or is unavailable/);
    expect(result).not.toHaveProperty('hostFault');
  });

  it('marks the case as the host\'s fault when the control was lost to a host failure', () => {
    expect(judgeRefusedSubmit({ refused: refusedByExit, control: streamFailed, features: [] })).toMatchObject({
      verdict: 'undecided',
      hostFault: 'stream-failure: stdout: read EIO',
    });
  });
});
