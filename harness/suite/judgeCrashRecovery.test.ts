import { describe, expect, it } from 'vitest';
import { acceptedOutcome, sampleBinding, sampleRef, terminalOutcome, unknownOutcome, callRecordOf } from '../protocol/__test-helpers__/sampleOutcomes.js';
import type { Outcome } from '../protocol/types.js';
import { exchangeOf, uncertainOf } from '../model/__test-helpers__/exchangeOf.js';
import type { Exchange } from '../model/exchange.js';
import type { CaseResult } from '../model/caseResult.js';
import { BUDGET_SPENT, NEVER_ADMITTED, STOPPED_ANSWERING } from './callPacing.js';
import { judgeCrash, judgeRecovery, judgeRestarted, noEvidence, refusedWithoutFault, type StepAnswer } from './judgeCrashRecovery.js';

const binding = sampleBinding('op-fault');

/** Calls one after another: call i spans [10i, 10i + 5]. */
function calls(...answers: (Outcome | Exchange)[]): Exchange[] {
  return answers.map((answer, index) => {
    const span = { startedAt: 10 * index, endedAt: 10 * index + 5 };
    if (!('kind' in answer)) return exchangeOf(answer, span);
    return answer.kind === 'outcome' ? { ...answer, record: { ...answer.record, ...span } } : { ...answer, record: answer.record === null ? null : { ...answer.record, ...span } };
  });
}

function steps(...answers: (Outcome | Exchange)[]): StepAnswer[] {
  return calls(...answers).map((exchange, index) => ({ exchange, step: `step ${index + 1}` }));
}

function clausesOf(result: CaseResult): string[] | CaseResult {
  return result.verdict === 'violated' ? result.violations.map((found) => found.clauseId) : result;
}

/** A nonzero exit with garbage on stdout: no evidence, and not the host's fault. */
const garbage = uncertainOf('refusal', 'garbage');
const hostFailed: Exchange = { kind: 'uncertain', reason: 'spawn failure', record: callRecordOf({ exitCode: null, uncertainty: 'spawn-failure', uncertaintyDetail: 'EAGAIN' }) };
/** Calls the session never made: the submit budget refused one, or the adapter had stopped answering. */
const refusedByBudget: Exchange = { kind: 'uncertain', reason: BUDGET_SPENT, record: null };
const neverAnswered: Exchange = { kind: 'uncertain', reason: STOPPED_ANSWERING, record: null };

describe('noEvidence', () => {
  it('tells a call not made, a timeout and a host failure (no proof) from a broken answer', () => {
    expect(noEvidence(exchangeOf(acceptedOutcome(binding)))).toBeNull();
    expect(noEvidence(refusedByBudget)).toBe('not-sent');
    expect(noEvidence(uncertainOf('timeout'))).toBe('timeout');
    expect(noEvidence(hostFailed)).toBe('host');
    expect(noEvidence(uncertainOf('refusal'))).toBe('broken');
  });
});

describe('judgeCrash', () => {
  it('holds when every call after the crash agrees on one admission', () => {
    expect(judgeCrash(steps(unknownOutcome(binding), acceptedOutcome(binding, 1, sampleRef('a')), acceptedOutcome(binding, 1, sampleRef('a'))), 1, 'missed')).toEqual({ verdict: 'held' });
  });

  it('fails SEM-CRASH-CONSISTENT on a second admission, naming both steps and refs', () => {
    const result = judgeCrash(steps(acceptedOutcome(binding, 1, sampleRef('a')), unknownOutcome(binding, 2, 'unavailable'), acceptedOutcome(binding, 3, sampleRef('b'))), 1, 'missed');
    expect(clausesOf(result)).toEqual(['SEM-CRASH-CONSISTENT']);
    expect(result.verdict === 'violated' && result.violations[0]?.message).toBe(
      `the operation was admitted twice: the step 1 answered acceptanceRef ${sampleRef('a')}, the step 3 ${sampleRef('b')}`,
    );
  });

  it('fails SEM-CRASH-CONSISTENT when a call after the crash gives no valid evidence', () => {
    const result = judgeCrash(steps(garbage, acceptedOutcome(binding)), 1, 'missed');
    expect(result.verdict === 'violated' && result.violations[0]?.message).toMatch(/^the step 1 gave no valid evidence/);
  });

  it('is undecided on a timeout, a host failure, a missed kill or no admission', () => {
    expect(judgeCrash(steps(uncertainOf('timeout'), acceptedOutcome(binding)), 1, 'missed').verdict).toBe('undecided');
    expect(judgeCrash(steps(hostFailed, acceptedOutcome(binding)), 1, 'missed')).toMatchObject({ verdict: 'undecided', hostFault: 'spawn-failure: EAGAIN' });
    expect(judgeCrash(steps(acceptedOutcome(binding)), 0, 'the kill landed nowhere')).toEqual({ verdict: 'undecided', reason: 'the kill landed nowhere' });
    expect(judgeCrash(steps(unknownOutcome(binding)), 1, 'missed')).toEqual({ verdict: 'undecided', reason: NEVER_ADMITTED });
  });

  it('says a call after the crash was not made, and why, rather than that it timed out', () => {
    expect(judgeCrash(steps(acceptedOutcome(binding), refusedByBudget), 1, 'missed')).toEqual({
      verdict: 'undecided',
      reason: `a call after the crash was not made: ${BUDGET_SPENT}`,
    });
    expect(judgeCrash(steps(uncertainOf('timeout'), acceptedOutcome(binding)), 1, 'missed')).toEqual({
      verdict: 'undecided',
      reason: 'a call after the crash timed out, which proves nothing either way',
    });
  });

  it('holds once an observe asked again after a timeout answered, and says how many tries timed out and how long each took when none did', () => {
    const [admitted, answered] = steps(acceptedOutcome(binding), acceptedOutcome(binding));
    expect(judgeCrash([admitted!, { ...answered!, tries: [10_000, 812] }], 1, 'missed')).toEqual({ verdict: 'held' });
    const [timedOut] = steps(uncertainOf('timeout'));
    const retried = { ...timedOut!, step: 'observe after the first submit killed', tries: [10_000, 10_001, 10_002] };
    expect(judgeCrash([admitted!, retried], 1, 'missed')).toEqual({
      verdict: 'undecided',
      reason: 'the observe after the first submit killed timed out on each of 3 tries (10000 ms, 10001 ms, 10002 ms), which proves nothing either way',
    });
  });
});

describe('judgeRecovery', () => {
  it('holds when the observes after the resume agree with the earlier witnesses', () => {
    const [admitted, meanwhile, polled, last] = calls(acceptedOutcome(binding, 1), uncertainOf('timeout'), terminalOutcome(binding, 2), terminalOutcome(binding, 2));
    expect(judgeRecovery(true, [admitted!, meanwhile!], [polled!, last!])).toEqual({ verdict: 'held' });
  });

  it('fails SEM-UNCERTAIN-RECOVERY when an observe contradicts an earlier witness, naming the history clause', () => {
    const [admitted, stale] = calls(acceptedOutcome(binding, 1), unknownOutcome(binding, 0));
    const result = judgeRecovery(true, [admitted!], [stale!]);
    expect(clausesOf(result)).toEqual(['SEM-UNCERTAIN-RECOVERY']);
    expect(result.verdict === 'violated' && result.violations[0]?.message).toMatch(/\(SEM-REVISION-MONOTONIC\)/);
  });

  it('fails SEM-UNCERTAIN-RECOVERY on a broken observe after the resume', () => {
    expect(clausesOf(judgeRecovery(true, [], calls(garbage)))).toEqual(['SEM-UNCERTAIN-RECOVERY']);
  });

  it('is undecided when the pause missed, every observe timed out, or the host failed', () => {
    expect(judgeRecovery(false, [], calls(acceptedOutcome(binding))).verdict).toBe('undecided');
    expect(judgeRecovery(true, [], calls(uncertainOf('timeout')))).toEqual({ verdict: 'undecided', reason: 'an observe after the resume timed out, which proves nothing either way' });
    expect(judgeRecovery(true, [], calls(uncertainOf('timeout'), neverAnswered))).toEqual({
      verdict: 'undecided',
      reason: `an observe after the resume was not made: ${STOPPED_ANSWERING}`,
    });
    expect(judgeRecovery(true, [], calls(hostFailed, acceptedOutcome(binding)))).toMatchObject({ verdict: 'undecided', hostFault: 'spawn-failure: EAGAIN' });
  });
});

describe('judgeRestarted', () => {
  const terminal = terminalOutcome(binding, 2, sampleRef('a'));

  it('holds when the observe and resubmit show the same terminal envelope', () => {
    const [before, ...after] = steps(terminal, terminal, terminal);
    expect(judgeRestarted(before!.exchange, after)).toEqual([]);
  });

  it('holds when an accepted key became terminal across the restart', () => {
    const [before, ...after] = steps(acceptedOutcome(binding, 1, sampleRef('a')), terminal, terminal);
    expect(judgeRestarted(before!.exchange, after)).toEqual([]);
  });

  it('names a lost key, a changed acceptanceRef and a changed envelope, once per step', () => {
    const [before, ...after] = steps(terminal, unknownOutcome(binding, 3, 'missing'), acceptedOutcome(binding, 3, sampleRef('b')), terminalOutcome(binding, 2, sampleRef('a'), 'failed'));
    const problems = judgeRestarted(before!.exchange, after);
    expect(problems).toHaveLength(3);
    expect(problems).toEqual([
      expect.stringMatching(/^admitted \(terminal, .*the step 2 after it answered unknown \(reason missing\): the key was lost$/),
      `the step 3 after the restart answered acceptanceRef ${sampleRef('b')} instead of ${sampleRef('a')}`,
      expect.stringMatching(/^the terminal envelope changed across the restart: the step 4 answered terminal/),
    ]);
  });

  it('names a broken answer, and is undecided, saying why, when nothing was found but a call was not made or timed out', () => {
    const [before, broken] = steps(terminal, garbage);
    expect(judgeRestarted(before!.exchange, [broken!])).toEqual([expect.stringMatching(/^the step 2 after the restart gave no valid evidence/)]);
    const [again, timedOut, same] = steps(terminal, uncertainOf('timeout'), terminal);
    expect(judgeRestarted(again!.exchange, [timedOut!, same!])).toEqual({ undecided: 'a call after the restart timed out, which proves nothing either way' });
    const [admitted, observe] = steps(terminal, terminal);
    expect(judgeRestarted(admitted!.exchange, [observe!, { exchange: refusedByBudget, step: 'resubmit' }])).toEqual({
      undecided: `a call after the restart was not made: ${BUDGET_SPENT}`,
    });
    const [last, spawnFailed] = steps(terminal, hostFailed);
    expect(judgeRestarted(last!.exchange, [spawnFailed!])).toEqual({ undecided: "a call after the restart failed on the host's side, which proves nothing about the adapter" });
  });

  it('refuses a non-admission as the answer before the restart', () => {
    expect(() => judgeRestarted(exchangeOf(unknownOutcome(binding)), [])).toThrow(RangeError);
  });
});

describe('refusedWithoutFault', () => {
  it('leaves a fault case undecided, never violated, when its payload is refused without a fault, naming each control', () => {
    const alone = refusedWithoutFault(garbage, null);
    expect(alone).toMatchObject({
      verdict: 'undecided',
      reason: expect.stringMatching(
        /^the adapter does not admit this payload even without a fault \(a control submit of it .*\): a fault case judges only requests the adapter admits without one$/,
      ),
    });
    const both = refusedWithoutFault(garbage, exchangeOf(unknownOutcome(binding, 0, 'unavailable')));
    expect(both).toMatchObject({ verdict: 'undecided', reason: expect.stringContaining('nor the control payload {} (unknown (reason unavailable, revision 0))') });
  });

  it("carries the host's fault when a control failed on the host's side, so the case is retried", () => {
    expect(refusedWithoutFault(hostFailed, null)).toMatchObject({ verdict: 'undecided', hostFault: expect.anything() });
  });
});
