import fc from 'fast-check';
import type { Binding, Outcome } from '../types.js';
import { TERMINAL_OUTCOMES, UNKNOWN_REASONS } from '../types.js';
import { acceptedOutcome, sampleRef, terminalOutcome, unknownOutcome } from './sampleOutcomes.js';

/** Arbitrary valid outcomes of one binding, every state, revisions across the whole range. */
export function outcomeArbitrary(binding: Binding): fc.Arbitrary<Outcome> {
  const revision = (min: number) => fc.integer({ min, max: 2_147_483_647 });
  const ref = fc.nat(5).map(sampleRef);
  return fc.oneof(
    fc.tuple(revision(0), fc.constantFrom(...UNKNOWN_REASONS)).map(([rev, reason]) => unknownOutcome(binding, rev, reason)),
    fc.tuple(revision(1), ref).map(([rev, acceptanceRef]) => acceptedOutcome(binding, rev, acceptanceRef)),
    fc
      .tuple(revision(1), ref, fc.constantFrom(...TERMINAL_OUTCOMES), fc.string({ unit: 'binary', maxLength: 40 }))
      .map(([rev, acceptanceRef, kind, text]) => terminalOutcome(binding, rev, acceptanceRef, kind, text)),
  );
}
