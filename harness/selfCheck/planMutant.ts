import type { ClauseId } from '../clauses.js';
import type { MutantDefinition } from '../../adapters/mutants/MutantDefinition.js';

/** A mutant as this version of the suite can judge it. */
export interface MutantPlan {
  /** The declaration with deferred claims moved to incidental: what `evaluateKill` judges. */
  readonly judged: MutantDefinition;
  /** Claimed clauses the suite does not check yet. */
  readonly deferredClaims: readonly ClauseId[];
  /** False when every claim is deferred (a control mutant is always judgeable). */
  readonly judgeable: boolean;
  /** The `--only` pattern limiting the run to the tests of the checked claimed clauses. */
  readonly only: string;
  /** What the pattern matches: the checked claimed clause IDs (for a control mutant, the prefix `SEM-`); `suiteFilesFor` picks the files from them. */
  readonly needles: readonly string[];
}

/**
 * Pure: what a mutant's run must show, given the clauses this version defers.
 * The run is limited to the tests of its claimed clauses (OUT is checked on
 * every call of those tests anyway); a control mutant claims nothing and is
 * judged on the SEM suite it is a control for.
 *
 * @param mutant - the mutant's declaration
 * @param deferred - the clauses this version does not check yet (`harness/deferredClauses.ts`)
 */
export function planMutant(mutant: MutantDefinition, deferred: Readonly<Partial<Record<ClauseId, string>>>): MutantPlan {
  const isDeferred = (id: ClauseId): boolean => deferred[id] !== undefined;
  const deferredClaims = mutant.claims.filter(isDeferred);
  const judged: MutantDefinition = {
    ...mutant,
    claims: mutant.claims.filter((id) => !isDeferred(id)),
    incidental: [...mutant.incidental, ...deferredClaims],
  };
  // Incidental clauses may FAIL but need not: running their tests would prove nothing and cost most of the time.
  const ids: string[] = mutant.expect === 'inconclusive' ? ['SEM-'] : [...judged.claims];
  return {
    judged,
    deferredClaims,
    judgeable: mutant.expect === 'inconclusive' || judged.claims.length > 0,
    only: `(${ids.join('|')})`,
    needles: ids,
  };
}
