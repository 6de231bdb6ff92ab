import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ClauseId } from '../clauses.js';
import { acceptedOutcome, sampleBinding, sampleRef, terminalOutcome, unknownOutcome } from '../protocol/__test-helpers__/sampleOutcomes.js';
import type { Outcome, TerminalOutcome } from '../protocol/types.js';
import type { Violation } from '../violation.js';
import { modelHistory } from './__test-helpers__/modelHistory.js';
import type { HistoryEntry } from './HistoryChecker.js';
import { checkHistories, checkHistory } from './checkHistory.js';

const binding = sampleBinding();

/** Entries that follow each other without overlap: call i runs over [10i, 10i+5]. */
function sequential(...outcomes: Outcome[]): HistoryEntry[] {
  return outcomes.map((outcome, ref) => ({ outcome, startedAt: ref * 10, endedAt: ref * 10 + 5, ref }));
}

function clauseSet(violations: readonly Violation[]): ClauseId[] {
  return [...new Set(violations.map((found) => found.clauseId))].sort();
}

describe('checkHistory', () => {
  it('accepts an empty history and a normal life cycle', () => {
    expect(checkHistory([])).toEqual([]);
    expect(checkHistory(sequential(unknownOutcome(binding), acceptedOutcome(binding, 1), acceptedOutcome(binding, 1), terminalOutcome(binding, 2), terminalOutcome(binding, 2)))).toEqual([]);
  });

  it('accepts a first-seen terminal with no accepted before it (SEM-TERMINAL-WITHOUT-ACCEPT)', () => {
    expect(checkHistory(sequential(unknownOutcome(binding), terminalOutcome(binding, 1), terminalOutcome(binding, 1)))).toEqual([]);
    expect(checkHistory(sequential(terminalOutcome(binding, 3)))).toEqual([]);
  });

  it('reports a stale unknown at revision 0 after accepted at revision 1, naming both calls', () => {
    expect(checkHistory(sequential(acceptedOutcome(binding, 1), unknownOutcome(binding, 0)))).toStrictEqual([
      {
        clauseId: 'SEM-REVISION-MONOTONIC',
        message: 'revision 0 after revision 1',
        details: { refs: [0, 1], operationId: 'op-1', revisions: [1, 0] },
      },
    ]);
  });

  it('allows an unknown at a higher revision after an accepted, then the same acceptanceRef again', () => {
    expect(checkHistory(sequential(acceptedOutcome(binding, 1), unknownOutcome(binding, 2, 'unavailable'), acceptedOutcome(binding, 3)))).toEqual([]);
  });

  it('does not order overlapping calls, including calls that touch at one instant', () => {
    const overlapping: HistoryEntry[] = [
      { outcome: acceptedOutcome(binding, 1), startedAt: 0, endedAt: 10, ref: 0 },
      { outcome: unknownOutcome(binding, 0), startedAt: 5, endedAt: 15, ref: 1 },
    ];
    expect(checkHistory(overlapping)).toEqual([]);
    const touching: HistoryEntry[] = [
      { outcome: acceptedOutcome(binding, 1), startedAt: 0, endedAt: 10, ref: 0 },
      { outcome: unknownOutcome(binding, 0), startedAt: 10, endedAt: 12, ref: 1 },
    ];
    expect(checkHistory(touching)).toEqual([]);
    expect(clauseSet(checkHistory([touching[0] as HistoryEntry, { ...(touching[1] as HistoryEntry), startedAt: 11 }]))).toEqual(['SEM-REVISION-MONOTONIC']);
  });

  it('compares with the highest revision among all calls that ended before', () => {
    const entries: HistoryEntry[] = [
      { outcome: acceptedOutcome(binding, 5), startedAt: 0, endedAt: 4, ref: 7 },
      { outcome: unknownOutcome(binding, 6, 'unavailable'), startedAt: 1, endedAt: 20, ref: 8 },
      { outcome: acceptedOutcome(binding, 3), startedAt: 10, endedAt: 30, ref: 9 },
    ];
    const found = checkHistory(entries);
    expect(found.filter((entry) => entry.clauseId === 'SEM-REVISION-MONOTONIC').map((entry) => entry.details?.refs)).toEqual([[7, 9]]);
  });

  it('reports two different outcomes at one revision, overlapping or not', () => {
    const differentRefs = [acceptedOutcome(binding, 1, sampleRef('a')), acceptedOutcome(binding, 1, sampleRef('b'))];
    expect(clauseSet(checkHistory(sequential(...differentRefs)))).toEqual(['SEM-ACCEPTANCE-STABLE', 'SEM-EQUAL-REVISION']);
    const overlapping = [unknownOutcome(binding, 0, 'missing'), unknownOutcome(binding, 0, 'unresolved')].map((outcome, ref) => ({ outcome, startedAt: 0, endedAt: 10, ref }));
    expect(clauseSet(checkHistory(overlapping))).toEqual(['SEM-EQUAL-REVISION']);
  });

  it('reports a changed acceptanceRef after intervening unknowns, against the first admission', () => {
    const found = checkHistory(sequential(acceptedOutcome(binding, 1, sampleRef('a')), unknownOutcome(binding, 2, 'expired'), acceptedOutcome(binding, 3, sampleRef('b'))));
    expect(found.map((entry) => [entry.clauseId, entry.details?.refs])).toEqual([['SEM-ACCEPTANCE-STABLE', [0, 2]]]);
  });

  it('reports any later outcome that is not the terminal envelope', () => {
    expect(clauseSet(checkHistory(sequential(terminalOutcome(binding, 2), acceptedOutcome(binding, 3))))).toEqual(['SEM-TERMINAL-IMMUTABLE']);
    expect(clauseSet(checkHistory(sequential(terminalOutcome(binding, 2), unknownOutcome(binding, 2, 'unavailable'))))).toEqual(['SEM-EQUAL-REVISION', 'SEM-TERMINAL-IMMUTABLE']);
    expect(clauseSet(checkHistory(sequential(terminalOutcome(binding, 2), acceptedOutcome(binding, 1))))).toEqual(['SEM-REVISION-MONOTONIC', 'SEM-TERMINAL-IMMUTABLE']);
  });

  it('lets a call that overlaps the terminal one still see the accepted state', () => {
    const entries: HistoryEntry[] = [
      { outcome: terminalOutcome(binding, 2), startedAt: 10, endedAt: 20, ref: 0 },
      { outcome: acceptedOutcome(binding, 1), startedAt: 15, endedAt: 25, ref: 1 },
    ];
    expect(checkHistory(entries)).toEqual([]);
  });

  it('reports two different terminals even when they overlap', () => {
    const entries: HistoryEntry[] = [
      { outcome: terminalOutcome(binding, 2, sampleRef(1), 'completed'), startedAt: 0, endedAt: 20, ref: 0 },
      { outcome: terminalOutcome(binding, 3, sampleRef(1), 'failed'), startedAt: 5, endedAt: 25, ref: 1 },
    ];
    expect(clauseSet(checkHistory(entries))).toEqual(['SEM-TERMINAL-IMMUTABLE']);
  });

  it('judges entries in endedAt order whatever the input order', () => {
    const entries = sequential(acceptedOutcome(binding, 1), unknownOutcome(binding, 0));
    expect(checkHistory([...entries].reverse())).toEqual(checkHistory(entries));
  });

  it('never reports anything on valid histories generated from a model ledger, in any input order', () => {
    fc.assert(
      fc.property(
        modelHistory(binding).chain((history) => fc.shuffledSubarray([...history.entries], { minLength: history.entries.length })),
        (entries) => {
          expect(checkHistory(entries)).toEqual([]);
        },
      ),
      { numRuns: 500 },
    );
  });

  type Mutation = { readonly name: string; readonly apply: (terminal: TerminalOutcome) => Outcome; readonly adds: readonly ClauseId[] };
  const mutations: readonly Mutation[] = [
    { name: 'higher revision', apply: (t) => ({ ...t, revision: t.revision + 1 }), adds: [] },
    { name: 'another outcome kind', apply: (t) => ({ ...t, outcome: t.outcome === 'failed' ? 'completed' : 'failed' }), adds: ['SEM-EQUAL-REVISION'] },
    { name: 'another text', apply: (t) => terminalOutcome(binding, t.revision, t.acceptanceRef, t.outcome, `${t.result.text}!`), adds: ['SEM-EQUAL-REVISION'] },
    { name: 'another acceptanceRef', apply: (t) => ({ ...t, acceptanceRef: sampleRef('other') }), adds: ['SEM-EQUAL-REVISION', 'SEM-ACCEPTANCE-STABLE'] },
    { name: 'back to accepted', apply: (t) => acceptedOutcome(binding, t.revision, t.acceptanceRef), adds: ['SEM-EQUAL-REVISION'] },
    { name: 'an unknown', apply: (t) => unknownOutcome(binding, t.revision, 'unavailable'), adds: ['SEM-EQUAL-REVISION'] },
  ];

  it('reports exactly SEM-TERMINAL-IMMUTABLE (plus what the mutation necessarily breaks) for one mutated later envelope', () => {
    fc.assert(
      fc.property(modelHistory(binding, { terminal: true }), fc.constantFrom(...mutations), fc.nat(5), (history, mutation, pause) => {
        const terminal = history.terminal as TerminalOutcome;
        const startedAt = history.lastEnd + 1 + pause;
        const mutated: HistoryEntry = { outcome: mutation.apply(terminal), startedAt, endedAt: startedAt + 1, ref: 999 };
        const found = checkHistory([...history.entries, mutated]);
        expect(clauseSet(found)).toEqual(['SEM-TERMINAL-IMMUTABLE', ...mutation.adds].sort());
        expect(found.every((entry) => (entry.details?.refs as number[])[1] === 999)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

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
    expect(checkHistories(entries).map((found) => [found.clauseId, found.details?.operationId, found.details?.refs])).toEqual([['SEM-REVISION-MONOTONIC', 'op-2', [0, 2]]]);
  });
});
