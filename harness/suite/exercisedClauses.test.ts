import { describe, expect, it } from 'vitest';
import { clause, codingOperationClauses } from '../clauses.js';
import { exercisedHistoryClauses, outClausesFor } from './exercisedClauses.js';
import { acceptedOutcome, sampleBinding, terminalOutcome, unknownOutcome } from '../protocol/__test-helpers__/sampleOutcomes.js';
import type { Outcome } from '../protocol/types.js';

const STATES = ['unknown', 'accepted', 'terminal', 'none'] as const;
const COMMON = outClausesFor('none');

describe('outClausesFor', () => {
  it('gives the common clauses for every state', () => {
    expect(COMMON).toEqual(expect.arrayContaining(['OUT-JSON', 'OUT-EXIT', 'OUT-STATE', 'OUT-CLOSED', 'OUT-SIZE', 'OUT-PROOF-SIZE']));
    for (const state of STATES) expect(outClausesFor(state)).toEqual(expect.arrayContaining([...COMMON]));
  });

  it('adds state-specific clauses only for their state', () => {
    expect(outClausesFor('unknown').filter((id) => !COMMON.includes(id))).toEqual(['OUT-UNKNOWN-REASON']);
    expect(outClausesFor('accepted').filter((id) => !COMMON.includes(id))).toEqual(['OUT-ACCEPTANCE-REF']);
    expect(outClausesFor('terminal').filter((id) => !COMMON.includes(id))).toEqual([
      'OUT-ACCEPTANCE-REF',
      'OUT-TERMINAL-OUTCOME',
      'OUT-TERMINAL-SETTLEMENT',
      'OUT-RESULT-CLOSED',
      'OUT-RESULT-INTEGRITY',
    ]);
    expect(COMMON.some((id) => /UNKNOWN|ACCEPTANCE|TERMINAL|RESULT/.test(id))).toBe(false);
  });

  it('lists each clause once, and only OUT clauses of the registry', () => {
    for (const state of STATES) {
      const ids = outClausesFor(state);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(clause(id).family).toBe('OUT');
    }
  });

  it('covers every OUT clause of the registry across the states (but the raw-text check of repeated keys)', () => {
    const covered = new Set(STATES.flatMap((state) => outClausesFor(state)));
    // OUT-UNIQUE-KEYS is judged on stdout's raw text before parsing (AdapterSession), whatever the state.
    const registry = codingOperationClauses.filter((definition) => definition.family === 'OUT' && definition.id !== 'OUT-UNIQUE-KEYS').map((definition) => definition.id);
    expect([...covered].sort()).toEqual([...registry].sort());
  });
});

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
