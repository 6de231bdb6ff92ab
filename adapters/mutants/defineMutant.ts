import type { AdapterBehavior } from '../reference/AdapterBehavior.js';
import { referenceBehavior } from '../reference/referenceBehavior.js';
import type { Mutant, MutantDefinition } from './MutantDefinition.js';

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
