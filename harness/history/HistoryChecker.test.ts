import { describe, expect, it } from 'vitest';
import { acceptedOutcome, sampleBinding, terminalOutcome, unknownOutcome } from '../protocol/__test-helpers__/sampleOutcomes.js';
import { HistoryChecker } from './HistoryChecker.js';
import { HistoryInputError } from './HistoryInputError.js';

const binding = sampleBinding();

describe('HistoryChecker', () => {
  it('reports each violation when the entry revealing it is added', () => {
    const checker = new HistoryChecker();
    expect(checker.add({ outcome: acceptedOutcome(binding, 1), startedAt: 0, endedAt: 5, ref: 0 })).toEqual([]);
    expect(checker.add({ outcome: terminalOutcome(binding, 2), startedAt: 6, endedAt: 8, ref: 1 })).toEqual([]);
    expect(checker.add({ outcome: terminalOutcome(binding, 2), startedAt: 9, endedAt: 10, ref: 2 })).toEqual([]);
    const found = checker.add({ outcome: unknownOutcome(binding, 0), startedAt: 11, endedAt: 12, ref: 3 });
    expect(found.map((entry) => [entry.clauseId, entry.details?.refs])).toEqual([
      ['SEM-REVISION-MONOTONIC', [1, 3]],
      ['SEM-TERMINAL-IMMUTABLE', [1, 3]],
    ]);
  });

  it('throws a typed error on entries out of endedAt order, bad times, or another binding', () => {
    const checker = new HistoryChecker();
    checker.add({ outcome: acceptedOutcome(binding, 1), startedAt: 0, endedAt: 10, ref: 0 });
    expect(() => checker.add({ outcome: acceptedOutcome(binding, 1), startedAt: 0, endedAt: 9, ref: 1 })).toThrow(HistoryInputError);
    expect(() => checker.add({ outcome: acceptedOutcome(binding, 1), startedAt: 12, endedAt: 11, ref: 2 })).toThrow(/times/);
    expect(() => checker.add({ outcome: acceptedOutcome(binding, 1), startedAt: NaN, endedAt: 11, ref: 2 })).toThrow(/times/);
    try {
      checker.add({ outcome: acceptedOutcome(sampleBinding('op-2'), 1), startedAt: 11, endedAt: 12, ref: 3 });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HistoryInputError);
      expect((error as HistoryInputError).name).toBe('HistoryInputError');
      expect((error as HistoryInputError).ref).toBe(3);
    }
  });

  it('accepts entries that end at the same instant', () => {
    const checker = new HistoryChecker();
    checker.add({ outcome: acceptedOutcome(binding, 1), startedAt: 0, endedAt: 10, ref: 0 });
    expect(checker.add({ outcome: acceptedOutcome(binding, 1), startedAt: 2, endedAt: 10, ref: 1 })).toEqual([]);
  });
});
