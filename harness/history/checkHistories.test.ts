import { describe, expect, it } from 'vitest';
import { acceptedOutcome, sampleBinding, unknownOutcome } from '../protocol/__test-helpers__/sampleOutcomes.js';
import { checkHistories } from './checkHistories.js';
import type { HistoryEntry } from './types.js';

describe('checkHistories', () => {
  const one = sampleBinding('op-1');
  const two = sampleBinding('op-2');
  const sameKeyOtherDigest = sampleBinding('op-1', { task: 'other' });

  it('checks each binding on its own, so interleaved valid histories pass', () => {
    const entries: HistoryEntry[] = [
      { outcome: acceptedOutcome(one, 5), startedAt: 0, endedAt: 1, ref: 0 },
      { outcome: unknownOutcome(two, 0), startedAt: 2, endedAt: 3, ref: 1 },
      { outcome: unknownOutcome(sameKeyOtherDigest, 0), startedAt: 4, endedAt: 5, ref: 2 },
      { outcome: acceptedOutcome(one, 5), startedAt: 6, endedAt: 7, ref: 3 },
    ];
    expect(checkHistories(entries)).toEqual([]);
  });

  it('reports a violation within one binding only', () => {
    const entries: HistoryEntry[] = [
      { outcome: acceptedOutcome(two, 1), startedAt: 0, endedAt: 1, ref: 0 },
      { outcome: acceptedOutcome(one, 3), startedAt: 2, endedAt: 3, ref: 1 },
      { outcome: unknownOutcome(two, 0), startedAt: 4, endedAt: 5, ref: 2 },
    ];
    expect(checkHistories(entries).map((found) => [found.clauseId, found.details?.operationId, found.details?.refs])).toEqual([
      ['SEM-REVISION-MONOTONIC', 'op-2', [0, 2]],
    ]);
  });
});
