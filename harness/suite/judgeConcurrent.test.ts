import { describe, expect, it } from 'vitest';
import { acceptedOutcome, sampleBinding, sampleRef, terminalOutcome, unknownOutcome } from '../protocol/__test-helpers__/sampleOutcomes.js';
import { exchangeOf, uncertainOf } from '../model/__test-helpers__/exchangeOf.js';
import { judgeConcurrentRebind, judgeConcurrentSubmit } from './judgeConcurrent.js';

const a = sampleBinding('op-race', { n: 1 });
const b = sampleBinding('op-race', { n: 2 });
const admitted = (binding: typeof a, ref: number) => ({ digest: binding.requestDigest, exchange: exchangeOf(acceptedOutcome(binding, 1, sampleRef(ref))) });
const refused = (binding: typeof a) => ({ digest: binding.requestDigest, exchange: uncertainOf('refusal') });
const unknown = (binding: typeof a) => ({ digest: binding.requestDigest, exchange: exchangeOf(unknownOutcome(binding)) });

describe('judgeConcurrentRebind', () => {
  it('holds when one digest won and the others were refused, now and later', () => {
    expect(judgeConcurrentRebind([admitted(a, 1), refused(b), admitted(a, 1), refused(b)], [admitted(a, 1), unknown(b)])).toEqual({ verdict: 'held' });
  });

  it('fails SEM-CONCURRENT-REBIND when two digests were answered admitted', () => {
    const result = judgeConcurrentRebind([admitted(a, 1), admitted(b, 2)], [admitted(a, 1), unknown(b)]);
    expect(result.verdict === 'violated' && result.violations.map((found) => found.clauseId)).toEqual(['SEM-CONCURRENT-REBIND']);
  });

  it('counts an answer claiming admission even when it is malformed', () => {
    const malformed = { digest: b.requestDigest, exchange: uncertainOf('refusal', '{"state":"accepted","x":') };
    expect(judgeConcurrentRebind([admitted(a, 1), malformed], [admitted(a, 1), unknown(b)]).verdict).toBe('violated');
  });

  it('fails when a later observe shows a second digest admitted under its own acceptanceRef', () => {
    expect(judgeConcurrentRebind([admitted(a, 1), refused(b)], [admitted(a, 1), admitted(b, 2)]).verdict).toBe('violated');
  });

  it('leaves an observe that shows the winner under the other digest to SEM-OBSERVE-FRESH', () => {
    expect(judgeConcurrentRebind([admitted(a, 1), refused(b)], [admitted(a, 1), admitted(b, 1)])).toEqual({ verdict: 'held' });
  });

  it('is undecided without any admission, or when a later observe timed out', () => {
    expect(judgeConcurrentRebind([refused(a), refused(b)], [unknown(a), unknown(b)]).verdict).toBe('undecided');
    const timedOut = { digest: b.requestDigest, exchange: uncertainOf('timeout') };
    expect(judgeConcurrentRebind([admitted(a, 1), refused(b)], [admitted(a, 1), timedOut]).verdict).toBe('undecided');
  });
});

describe('judgeConcurrentSubmit', () => {
  const binding = sampleBinding('op-race');
  const accepted = (ref: number) => exchangeOf(acceptedOutcome(binding, 1, sampleRef(ref)));

  it('holds when every admission shares one acceptanceRef, timeouts and unknowns aside', () => {
    const submits = [accepted(1), accepted(1), uncertainOf('timeout'), exchangeOf(unknownOutcome(binding, 0, 'unavailable'))];
    expect(judgeConcurrentSubmit(submits, [exchangeOf(terminalOutcome(binding, 2, sampleRef(1)))])).toEqual({ verdict: 'held' });
  });

  it('fails SEM-CONCURRENT-SUBMIT when racing answers carry two acceptanceRefs', () => {
    const result = judgeConcurrentSubmit([accepted(1), accepted(2), accepted(1)], []);
    expect(result.verdict).toBe('violated');
    if (result.verdict !== 'violated') return;
    expect(result.violations.map((found) => found.clauseId)).toEqual(['SEM-CONCURRENT-SUBMIT']);
    expect(result.violations[0]?.details).toEqual({ acceptanceRefs: [sampleRef(1), sampleRef(2)] });
  });

  it('fails when a later observe shows another acceptanceRef than every racing answer', () => {
    expect(judgeConcurrentSubmit([accepted(1), accepted(1)], [accepted(3)]).verdict).toBe('violated');
  });

  it('is undecided with fewer than two admissions: a burst of timeouts proves nothing', () => {
    const result = judgeConcurrentSubmit([uncertainOf('timeout'), uncertainOf('timeout'), accepted(1)], [uncertainOf('timeout')]);
    expect(result).toEqual({ verdict: 'undecided', reason: 'only 1 of 3 overlapping submits and 1 later observes showed an admission (3 uncertain calls)' });
  });
});
