import { describe, expect, it } from 'vitest';
import { submitRecord, callRecordOf, acceptedOutcome, sampleBinding, unknownOutcome } from '../protocol/__test-helpers__/sampleOutcomes.js';
import { exchangeOf, uncertainOf } from '../model/__test-helpers__/exchangeOf.js';
import type { Exchange } from '../model/exchange.js';
import type { CaseResult } from '../model/caseResult.js';
import { PHANTOM_ADMISSIONS } from './exchangeHelpers.js';
import { heldIfAnswered, isRefusal, judgeBoundaryCase, judgeDefectAnswer, judgeFollowUps, judgeRefusedSubmit, refusedOnBound, type JudgedDefect } from './judgeRefusal.js';

const binding = sampleBinding('op-1');
const admitted = exchangeOf(acceptedOutcome(sampleBinding('control-1')));
const refusedByExit = uncertainOf('refusal');
const streamFailed: Exchange = { kind: 'uncertain', reason: 'stream-failure', record: callRecordOf({ uncertainty: 'stream-failure', uncertaintyDetail: 'stdout: read EIO' }) };

describe('heldIfAnswered', () => {
  const binding = sampleBinding('op-held');
  it('holds only when every call was answered by an outcome or a refusal', () => {
    expect(heldIfAnswered([exchangeOf(acceptedOutcome(binding)), uncertainOf('refusal'), exchangeOf(unknownOutcome(binding))])).toEqual({ verdict: 'held' });
    expect(heldIfAnswered([exchangeOf(acceptedOutcome(binding)), uncertainOf('timeout')])).toEqual({
      verdict: 'undecided',
      reason: 'a call of the case gave no answer: an uncertain call (timeout)',
    });
    expect(heldIfAnswered([uncertainOf('refusal'), { kind: 'uncertain', reason: 'invalid-output', record: callRecordOf({ stdout: '{' }) }])).toMatchObject({
      verdict: 'undecided',
      reason: expect.stringContaining('invalid-output'),
    });
  });
});

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
    expect(result.violations[0]?.message).toMatch(
      /^a valid submit was refused \(an uncertain call \(refusal\)\).*control submit of \{\}.*admitted \(accepted\): the refusal depends on booleans, null$/,
    );
  });

  it('stays undecided when the control is refused too: an adapter refusing everything is not over-strict', () => {
    const result = judgeRefusedSubmit({ refused: exchangeOf(unknownOutcome(binding)), control: refusedByExit, features: [] });
    expect(result).toMatchObject({ verdict: 'undecided' });
    expect(result.verdict === 'undecided' ? result.reason : '').toMatch(/refuses everything or is unavailable/);
    expect(result).not.toHaveProperty('hostFault');
  });

  it("marks the case as the host's fault when the control was lost to a host failure", () => {
    expect(judgeRefusedSubmit({ refused: refusedByExit, control: streamFailed, features: [] })).toMatchObject({
      verdict: 'undecided',
      hostFault: 'stream-failure: stdout: read EIO',
    });
  });
});

const defect: JudgedDefect = { blame: ['REQ-CLOSED', 'REQ-REQUIRED'], argvAction: 'submit', target: 'fresh' };

function clausesOf(result: CaseResult | 'refused'): unknown {
  return typeof result !== 'string' && result.verdict === 'violated' ? result.violations.map((found) => found.clauseId) : result;
}

describe('judgeDefectAnswer', () => {
  it('leaves a refusal to the follow-ups', () => {
    expect(judgeDefectAnswer(defect, submitRecord('', 2, 'nonzero-exit'))).toBe('refused');
  });

  it('blames every clause of the defect for an admission or an exit 0 without unknown, with the call in the details', () => {
    const admitted = judgeDefectAnswer(defect, submitRecord('{"state":"accepted"}', 0, null));
    expect(clausesOf(admitted)).toEqual(['REQ-CLOSED', 'REQ-REQUIRED']);
    expect(typeof admitted !== 'string' && admitted.verdict === 'violated' && admitted.violations[0]).toMatchObject({
      message: 'admitted a malformed request: answered state "accepted" (exit code 0)',
      details: { argvAction: 'submit', target: 'fresh', exitCode: 0, signal: null },
    });
    expect(clausesOf(judgeDefectAnswer(defect, submitRecord('ok', 0, null)))).toEqual(['REQ-CLOSED', 'REQ-REQUIRED']);
  });

  it('is undecided on an uncertain call', () => {
    expect(judgeDefectAnswer(defect, submitRecord('', null, 'timeout', 'SIGKILL'))).toEqual({ verdict: 'undecided', reason: "the malformed request's call was uncertain (timeout)" });
  });
});

describe('judgeFollowUps', () => {
  const refused = submitRecord('', 2, 'nonzero-exit');
  const target = sampleBinding('op-target');
  const unknown = { binding: target, exchange: exchangeOf(unknownOutcome(target)) };
  const revealed = { binding: target, exchange: exchangeOf(acceptedOutcome(target)) };

  it('holds when every follow-up observe answers unknown', () => {
    expect(judgeFollowUps(defect, refused, [unknown, unknown], false)).toEqual({ verdict: 'held' });
  });

  it('fails the blamed clauses when a later observe shows an admission, naming the binding', () => {
    const result = judgeFollowUps(defect, refused, [unknown, revealed], false);
    expect(clausesOf(result)).toEqual(['REQ-CLOSED', 'REQ-REQUIRED']);
    expect(result.verdict === 'violated' && result.violations[0]?.details).toMatchObject({ followUp: { operationId: 'op-target' }, exitCode: 2 });
  });

  it('is undecided when observe invents admissions, or when a follow-up was uncertain first', () => {
    expect(judgeFollowUps(defect, refused, [revealed], true)).toEqual({ verdict: 'undecided', reason: PHANTOM_ADMISSIONS });
    expect(judgeFollowUps(defect, refused, [{ binding: target, exchange: uncertainOf('timeout') }, revealed], false)).toEqual({
      verdict: 'undecided',
      reason: 'the follow-up observe was uncertain (timeout)',
    });
  });
});

describe('judgeBoundaryCase', () => {
  const onBound = sampleBinding('op-edge');
  const admitted = exchangeOf(acceptedOutcome(onBound));
  const control = exchangeOf(acceptedOutcome(sampleBinding('control-1')));

  it('holds when the request on the bound is admitted', () => {
    expect(refusedOnBound(admitted)).toBe(false);
    expect(judgeBoundaryCase('depth', admitted, null)).toEqual({ verdict: 'held' });
  });

  it('fails REQ-BOUNDARY-ACCEPT when the bound is refused but the control is admitted', () => {
    const refused = exchangeOf(unknownOutcome(onBound, 0, 'unavailable'));
    expect(refusedOnBound(refused)).toBe(true);
    const result = judgeBoundaryCase('array-entries', refused, control);
    expect(result.verdict === 'violated' && result.violations).toEqual([
      {
        clauseId: 'REQ-BOUNDARY-ACCEPT',
        message: 'refused a request sitting exactly on the array-entries bound: answered unknown (reason unavailable, revision 0)',
        details: { bound: 'array-entries' },
      },
    ]);
    expect(clausesOf(judgeBoundaryCase('depth', uncertainOf('refusal'), control))).toEqual(['REQ-BOUNDARY-ACCEPT']);
  });

  it('is undecided when the control is refused too, or the answer was no refusal', () => {
    expect(judgeBoundaryCase('depth', uncertainOf('refusal'), uncertainOf('refusal')).verdict).toBe('undecided');
    expect(refusedOnBound(uncertainOf('timeout'))).toBe(false);
    expect(judgeBoundaryCase('depth', uncertainOf('timeout'), null).verdict).toBe('undecided');
  });
});
