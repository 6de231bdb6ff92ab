import type { OutcomeState } from '../../harness/protocol/types.js';
import type { AdapterBehavior, AdapterLimits, RenderedOutcome, RequestChecks } from '../reference/AdapterBehavior.js';
import type { OperationView } from '../reference/ledger/OperationView.js';
import { referenceBehavior } from '../reference/referenceBehavior.js';
import { Refusal } from '../reference/Refusal.js';
import type { Mutant, MutantDefinition } from './MutantDefinition.js';

// Building a mutant: the reference behaviour with a few parts replaced, and the helpers that
// replace one part (some checks, some limits, the outcome of one state, an over-strict payload
// check) so each defect shows exactly where its mutant claims it.

/** A mutant's definition with the defaults left out. */
export type MutantSpec = Pick<MutantDefinition, 'name' | 'claims' | 'description'> & Partial<Pick<MutantDefinition, 'incidental' | 'expect' | 'args' | 'lifecycle'>>;

/**
 * Builds a mutant: the reference behaviour with the given parts replaced.
 * Nothing else of the adapter is copied, so the mutant differs only there.
 *
 * @param spec - name, claimed clauses, description (incidental, expect, args default to [], 'fail', []; lifecycle to none)
 * @param override - the replaced parts of `referenceBehavior`
 */
export function defineMutant(spec: MutantSpec, override: Partial<AdapterBehavior>): Mutant {
  return Object.freeze({
    incidental: [],
    expect: 'fail',
    args: [],
    ...spec,
    behavior: Object.freeze({ ...referenceBehavior, ...override }),
  });
}

/**
 * The reference request checks with some replaced.
 * @param override - the replaced checks
 */
export function withChecks(override: Partial<RequestChecks>): RequestChecks {
  return Object.freeze({ ...referenceBehavior.checks, ...override });
}

/**
 * The reference limits with some replaced.
 * @param override - the replaced limits
 */
export function withLimits(override: Partial<AdapterLimits>): AdapterLimits {
  return Object.freeze({ ...referenceBehavior.limits, ...override });
}

/**
 * A `render` that edits the reference's outcome in one state only, so a
 * defect shows exactly where the mutant claims it.
 *
 * @param state - the state whose outcomes are edited
 * @param edit - returns the defective outcome
 */
export function renderWhen(state: OutcomeState, edit: (outcome: RenderedOutcome, view: OperationView) => RenderedOutcome): AdapterBehavior['render'] {
  return (view, binding) => {
    const outcome = referenceBehavior.render(view, binding);
    return view.state === state ? edit(outcome, view) : outcome;
  };
}

/** Whether some value or key inside `value` satisfies `test` (strings and keys as text). */
export function containsSome(value: unknown, test: (found: unknown) => boolean): boolean {
  if (test(value)) return true;
  if (Array.isArray(value)) return value.some((entry) => containsSome(entry, test));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, entry]) => test(key) || containsSome(entry, test));
  }
  return false;
}

/**
 * The reference checks, plus a refusal of every submitted payload that
 * contains something `test` picks: an over-strict adapter.
 * @param what - the refused feature, for the refusal's stderr line
 * @param test - picks a value or key of the payload
 */
export function refusingPayloads(what: string, test: (found: unknown) => boolean): RequestChecks {
  return withChecks({
    payloadBounds: (request, context) => {
      const checked = referenceBehavior.checks.payloadBounds(request, context);
      if (Object.hasOwn(request, 'payload') && containsSome(request.payload, test)) throw new Refusal(`refused: the payload contains ${what}`);
      return checked;
    },
  });
}
