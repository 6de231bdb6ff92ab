import * as fc from 'fast-check';
import { acceptedOutcome, sampleRef, terminalOutcome, unknownOutcome } from '../../protocol/__test-helpers__/sampleOutcomes.js';
import type { Binding, Outcome, TerminalOutcome } from '../../protocol/types.js';
import { TERMINAL_OUTCOMES } from '../../protocol/types.js';
import type { HistoryEntry } from '../HistoryChecker.js';

/** A linearizable history of one ledger entry: the versions it went through, and what each call saw. */
export interface ModelHistory {
  /** Ledger versions in order; revisions strictly increase. */
  readonly versions: readonly Outcome[];
  /** One entry per call, in call order (not sorted by time). */
  readonly entries: readonly HistoryEntry[];
  /** The last version, when it is terminal. */
  readonly terminal: TerminalOutcome | null;
  /** Latest `endedAt` of all entries. */
  readonly lastEnd: number;
}

const middleVersion = fc.oneof(
  fc.constant({ kind: 'accepted' as const }),
  fc.constantFrom('expired', 'unavailable', 'unresolved').map((reason) => ({ kind: 'unknown' as const, reason })),
);

/**
 * Generates valid histories from a model ledger: versions with strictly increasing
 * revisions (optional `unknown`/missing at 0, accepted and unknown versions, optional
 * terminal, possibly with no accepted before it), and calls that each observe the
 * version current at some instant inside their own time span.
 *
 * @param binding - the binding of every outcome
 * @param options.terminal - force a terminal last version that the last call observes
 */
export function modelHistory(binding: Binding, options: { readonly terminal?: boolean } = {}): fc.Arbitrary<ModelHistory> {
  return fc
    .record({
      startUnknown: fc.boolean(),
      middle: fc.array(middleVersion, { maxLength: 4 }),
      terminal: options.terminal === true ? fc.constant(true) : fc.boolean(),
      kind: fc.constantFrom(...TERMINAL_OUTCOMES),
      text: fc.string({ unit: 'binary', maxLength: 12 }),
      ref: fc.nat(3),
      gaps: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 6, maxLength: 6 }),
      changeGaps: fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 6, maxLength: 6 }),
      calls: fc.array(fc.record({ start: fc.nat(150), duration: fc.nat(30), at: fc.double({ min: 0, max: 1, noNaN: true }) }), {
        minLength: 1,
        maxLength: 12,
      }),
    })
    .map((plan) => {
      const acceptanceRef = sampleRef(plan.ref);
      const versions: Outcome[] = [];
      let revision = 0;
      const nextRevision = (index: number, admission: boolean): number => {
        revision = versions.length === 0 ? (admission ? 1 : 0) : revision + (plan.gaps[index] ?? 1);
        return revision;
      };
      if (plan.startUnknown || (plan.middle.length === 0 && !plan.terminal)) versions.push(unknownOutcome(binding, nextRevision(0, false), 'missing'));
      plan.middle.forEach((version, index) => {
        const admission = version.kind === 'accepted';
        const rev = nextRevision(index, admission);
        versions.push(admission ? acceptedOutcome(binding, rev, acceptanceRef) : unknownOutcome(binding, rev, version.reason));
      });
      let terminal: TerminalOutcome | null = null;
      if (plan.terminal) {
        terminal = terminalOutcome(binding, nextRevision(5, true), acceptanceRef, plan.kind, plan.text);
        versions.push(terminal);
      }

      const changes: number[] = [];
      let time = 0;
      for (let index = 0; index < versions.length; index += 1) {
        changes.push(time);
        time += plan.changeGaps[index] ?? 1;
      }
      const versionAt = (instant: number): Outcome => {
        let found = 0;
        for (let index = 0; index < changes.length; index += 1) if ((changes[index] as number) <= instant) found = index;
        return versions[found] as Outcome;
      };
      const entries: HistoryEntry[] = plan.calls.map((call, ref) => {
        const endedAt = call.start + call.duration;
        return { outcome: versionAt(call.start + call.at * call.duration), startedAt: call.start, endedAt, ref };
      });
      if (terminal !== null) {
        // A final call that surely sees the terminal version.
        const startedAt = Math.max(time, ...entries.map((entry) => entry.endedAt)) + 1;
        entries.push({ outcome: terminal, startedAt, endedAt: startedAt + 1, ref: entries.length });
      }
      return { versions, entries, terminal, lastEnd: Math.max(...entries.map((entry) => entry.endedAt)) };
    });
}
