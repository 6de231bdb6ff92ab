import { describe, expect, it } from 'vitest';
import { clause, codingOperationClauses } from '../clauses.js';
import { exercisedHistoryClauses, outClausesFor, outClausesOfAnswer } from './exercisedClauses.js';
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

/** `outcome` without `fields` (a dotted name drops a member of `result`), as stdout. */
function without(outcome: Outcome, ...fields: string[]): string {
  const copy = JSON.parse(JSON.stringify(outcome)) as Record<string, unknown> & { result?: Record<string, unknown> };
  for (const field of fields) {
    const [head, member] = field.split('.') as [string, string | undefined];
    if (member === undefined) delete copy[head];
    else if (copy.result !== undefined) delete copy.result[member];
  }
  return JSON.stringify(copy);
}

describe('outClausesOfAnswer', () => {
  // Each OUT clause that judges a field, with a valid outcome carrying it: without the field the answer tests nothing of it.
  const FIELD_CASES = [
    { clauseId: 'OUT-CONTRACT', outcome: unknownOutcome(binding), fields: ['contract'] },
    { clauseId: 'OUT-BINDING', outcome: unknownOutcome(binding), fields: ['requestDigest'] },
    { clauseId: 'OUT-BINDING', outcome: acceptedOutcome(binding), fields: ['operationId'] },
    { clauseId: 'OUT-STATE', outcome: acceptedOutcome(binding), fields: ['state'] },
    { clauseId: 'OUT-REVISION', outcome: terminalOutcome(binding), fields: ['revision'] },
    { clauseId: 'OUT-UNKNOWN-REASON', outcome: unknownOutcome(binding), fields: ['reason'] },
    { clauseId: 'OUT-ACCEPTANCE-REF', outcome: acceptedOutcome(binding), fields: ['acceptanceRef'] },
    { clauseId: 'OUT-ACCEPTANCE-REF', outcome: terminalOutcome(binding), fields: ['acceptanceRef'] },
    { clauseId: 'OUT-TERMINAL-OUTCOME', outcome: terminalOutcome(binding), fields: ['outcome'] },
    { clauseId: 'OUT-TERMINAL-SETTLEMENT', outcome: terminalOutcome(binding), fields: ['settlement'] },
    { clauseId: 'OUT-RESULT-CLOSED', outcome: terminalOutcome(binding), fields: ['result'] },
    { clauseId: 'OUT-RESULT-INTEGRITY', outcome: terminalOutcome(binding), fields: ['result'] },
    { clauseId: 'OUT-RESULT-INTEGRITY', outcome: terminalOutcome(binding), fields: ['result.digest'] },
  ] as const;

  it.each(FIELD_CASES)('$clauseId is tested only when the answer carries $fields', ({ clauseId, outcome, fields }) => {
    expect(outClausesOfAnswer(JSON.stringify(outcome), true).tested).toContain(clauseId);
    expect(outClausesOfAnswer(JSON.stringify(outcome), false).tested).toContain(clauseId);
    const { tested, untested } = outClausesOfAnswer(without(outcome, ...fields), false);
    expect(tested).not.toContain(clauseId);
    expect(untested.find((entry) => entry.clauseId === clauseId)?.reason).toMatch(/^the field never appeared: no .*answer carried ".+"/);
    // The object itself was still judged: its closed shape and size.
    expect(tested).toEqual(expect.arrayContaining(['OUT-JSON', 'OUT-CLOSED', 'OUT-SIZE', 'OUT-PROOF-SIZE']));
  });

  it("leaves OUT-CONTRACT, OUT-BINDING, OUT-REVISION, OUT-UNKNOWN-REASON and OUT-EXIT untested by the issue's {state, operationId, authorityId} answer", () => {
    const stdout = JSON.stringify({ state: 'unknown', operationId: binding.operationId, authorityId: binding.authorityId });
    const { tested, untested } = outClausesOfAnswer(stdout, false);
    expect([...tested].sort()).toEqual(['OUT-CLOSED', 'OUT-JSON', 'OUT-PROOF-SIZE', 'OUT-SIZE', 'OUT-STATE']);
    expect(untested.map((entry) => entry.clauseId).sort()).toEqual(['OUT-BINDING', 'OUT-CONTRACT', 'OUT-EXIT', 'OUT-REVISION', 'OUT-UNKNOWN-REASON']);
    expect(untested.find((entry) => entry.clauseId === 'OUT-BINDING')?.reason).toContain('"requestDigest"');
  });

  it("tests every clause of its state on a valid outcome, OUT-EXIT included, and no other state's", () => {
    for (const outcome of [unknownOutcome(binding), acceptedOutcome(binding), terminalOutcome(binding)]) {
      expect(outClausesOfAnswer(JSON.stringify(outcome), true)).toEqual({ tested: outClausesFor(outcome.state), untested: [] });
    }
    expect(outClausesOfAnswer(JSON.stringify(unknownOutcome(binding)), true).tested).not.toContain('OUT-ACCEPTANCE-REF');
  });

  it('tests OUT-EXIT only on a valid outcome', () => {
    const invalid = outClausesOfAnswer(JSON.stringify({ ...acceptedOutcome(binding), acceptanceRef: 'x' }), false);
    expect(invalid.tested).not.toContain('OUT-EXIT');
    expect(invalid.tested).toContain('OUT-ACCEPTANCE-REF');
    expect(invalid.untested).toEqual([{ clauseId: 'OUT-EXIT', reason: expect.stringMatching(/no answer was a valid outcome/) }]);
  });

  it('tests only OUT-JSON on stdout that is no JSON object, naming the clauses of the state a lenient reader sees', () => {
    const logged = `log: done\n${JSON.stringify(terminalOutcome(binding))}`;
    const { tested, untested } = outClausesOfAnswer(logged, false);
    expect(tested).toEqual(['OUT-JSON']);
    expect(untested.map((entry) => entry.clauseId)).toEqual(outClausesFor('terminal').filter((id) => id !== 'OUT-JSON'));
    expect(untested[0]?.reason).toMatch(/not one JSON object/);
    expect(outClausesOfAnswer('[1]', false).tested).toEqual(['OUT-JSON']);
    expect(outClausesOfAnswer('', false).untested.map((entry) => entry.clauseId)).not.toContain('OUT-UNKNOWN-REASON');
  });

  it('judges no state-specific clause for an answer whose state is missing or invalid', () => {
    const { tested, untested } = outClausesOfAnswer(JSON.stringify({ ...terminalOutcome(binding), state: 'done' }), false);
    expect(tested).toContain('OUT-STATE');
    for (const id of ['OUT-ACCEPTANCE-REF', 'OUT-TERMINAL-OUTCOME', 'OUT-RESULT-INTEGRITY', 'OUT-UNKNOWN-REASON']) {
      expect(tested).not.toContain(id);
      expect(untested.map((entry) => entry.clauseId)).not.toContain(id);
    }
  });
});

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
