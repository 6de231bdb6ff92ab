import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptedOutcome, sampleBinding, terminalOutcome, unknownOutcome } from '../protocol/__test-helpers__/sampleOutcomes.js';
import { canonicalJson } from '../protocol/canonicalJson.js';
import { digestText } from '../protocol/digest.js';
import { HistoryChecker, HistoryInputError } from './HistoryChecker.js';

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

  it('compares the canonical text the caller gives instead of serializing the outcome again', () => {
    const checker = new HistoryChecker();
    const outcome = acceptedOutcome(binding, 1);
    checker.add({ outcome, startedAt: 0, endedAt: 5, ref: 0, canonicalText: 'as given' });
    // The same outcome with another text given: the checker trusts the text, so it sees two outcomes at revision 1.
    expect(checker.add({ outcome, startedAt: 6, endedAt: 8, ref: 1, canonicalText: 'other' }).map((found) => found.clauseId)).toEqual(['SEM-EQUAL-REVISION']);
    expect(checker.add({ outcome, startedAt: 9, endedAt: 10, ref: 2, canonicalText: 'as given' })).toEqual([]);
  });

  it('names, for a revision going back, the first entry with the highest revision that ended before (brute-force oracle)', () => {
    const calls = fc.array(fc.record({ revision: fc.nat(4), start: fc.nat(30), length: fc.nat(10) }), { maxLength: 25 });
    fc.assert(
      fc.property(calls, (drawn) => {
        // In endedAt order, as the checker requires; unknown outcomes carry any revision.
        const entries = drawn.map((call) => ({ startedAt: call.start, endedAt: call.start + call.length, revision: call.revision })).sort((a, b) => a.endedAt - b.endedAt);
        const checker = new HistoryChecker();
        entries.forEach((entry, ref) => {
          const found = checker.add({ outcome: unknownOutcome(binding, entry.revision), startedAt: entry.startedAt, endedAt: entry.endedAt, ref });
          let earlier: number | undefined;
          for (let index = 0; index < ref; index += 1) {
            const candidate = entries[index]!;
            if (candidate.endedAt < entry.startedAt && (earlier === undefined || candidate.revision > entries[earlier]!.revision)) earlier = index;
          }
          const expected = earlier !== undefined && entries[earlier]!.revision > entry.revision ? [[earlier, ref]] : [];
          expect(found.filter((item) => item.clauseId === 'SEM-REVISION-MONOTONIC').map((item) => item.details?.refs)).toEqual(expected);
        });
      }),
    );
  });

  it('judges later answers against a terminal known only by its digest, as against the same terminal seen in full', () => {
    const terminal = terminalOutcome(binding, 2);
    const later = [terminal, terminalOutcome(binding, 3), acceptedOutcome(binding, 1), unknownOutcome(binding, 2)];
    for (const outcome of later) {
      const known = HistoryChecker.afterTerminal({ binding, envelopeDigest: digestText(canonicalJson(terminal)), endedAt: 10, ref: 0 });
      const seen = new HistoryChecker();
      seen.add({ outcome: terminal, startedAt: 0, endedAt: 10, ref: 0 });
      const immutable = (checker: HistoryChecker): string[] =>
        checker
          .add({ outcome, startedAt: 11, endedAt: 12, ref: 1 })
          .filter((found) => found.clauseId === 'SEM-TERMINAL-IMMUTABLE')
          .map((found) => found.message);
      const found = immutable(known);
      expect(found).toEqual(immutable(seen));
      expect(found.length).toBe(outcome === terminal ? 0 : 1);
    }
    expect(() => HistoryChecker.afterTerminal({ binding, envelopeDigest: digestText('x'), endedAt: 10, ref: 0 }).add({ outcome: terminal, startedAt: 0, endedAt: 9, ref: 1 })).toThrow(
      HistoryInputError,
    );
  });

  it('accepts entries that end at the same instant', () => {
    const checker = new HistoryChecker();
    checker.add({ outcome: acceptedOutcome(binding, 1), startedAt: 0, endedAt: 10, ref: 0 });
    expect(checker.add({ outcome: acceptedOutcome(binding, 1), startedAt: 2, endedAt: 10, ref: 1 })).toEqual([]);
  });
});
