import { describe, expect, it } from 'vitest';
import { acceptedOutcome, sampleBinding, sampleRef, terminalOutcome, unknownOutcome } from '../protocol/__test-helpers__/sampleOutcomes.js';
import { exchangeOf, uncertainOf } from './__test-helpers__/exchangeOf.js';
import { judgeConcurrentSubmit } from './judgeConcurrentSubmit.js';

const binding = sampleBinding('op-race');
const accepted = (ref: number) => exchangeOf(acceptedOutcome(binding, 1, sampleRef(ref)));

describe('judgeConcurrentSubmit', () => {
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
