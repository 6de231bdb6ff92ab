import { describe, expect, it } from 'vitest';
import { acceptedOutcome, sampleBinding, terminalOutcome, unknownOutcome } from '../protocol/__test-helpers__/sampleOutcomes.js';
import type { Outcome } from '../protocol/types.js';
import { exercisedHistoryClauses } from './exercisedHistoryClauses.js';

const binding = sampleBinding();
const at = (outcome: Outcome, startedAt: number, endedAt: number, ref = startedAt) => ({ outcome, startedAt, endedAt, ref });

describe('exercisedHistoryClauses', () => {
  it('needs two outcomes for the revision clauses and two admissions for SEM-ACCEPTANCE-STABLE', () => {
    expect(exercisedHistoryClauses([at(acceptedOutcome(binding), 0, 10)])).toEqual([]);
    expect(exercisedHistoryClauses([at(unknownOutcome(binding), 0, 10), at(acceptedOutcome(binding), 20, 30)])).toEqual(['SEM-REVISION-MONOTONIC', 'SEM-EQUAL-REVISION']);
    expect(exercisedHistoryClauses([at(acceptedOutcome(binding), 0, 10), at(acceptedOutcome(binding), 20, 30)])).toContain('SEM-ACCEPTANCE-STABLE');
  });

  it('counts SEM-TERMINAL-IMMUTABLE only for a terminal followed by a call that started after it, or a second terminal', () => {
    const terminal = at(terminalOutcome(binding), 0, 10);
    expect(exercisedHistoryClauses([terminal, at(acceptedOutcome(binding), 5, 15)])).not.toContain('SEM-TERMINAL-IMMUTABLE');
    expect(exercisedHistoryClauses([terminal, at(acceptedOutcome(binding), 11, 15)])).toContain('SEM-TERMINAL-IMMUTABLE');
    expect(exercisedHistoryClauses([terminal, at(terminalOutcome(binding), 5, 15)])).toContain('SEM-TERMINAL-IMMUTABLE');
  });
});
