import type { ClauseId } from '../../harness/clauses.js';
import type { AdapterBehavior } from '../reference/AdapterBehavior.js';

/** What self-check requires of a mutant's run. */
export type MutantExpectation =
  /** Every claimed clause FAILs; failures elsewhere only at incidental clauses. */
  | 'fail'
  /** A control: SEM clauses end INCONCLUSIVE (never PASS) and nothing FAILs outside `incidental`. */
  | 'inconclusive';

/** A mutant as the kill matrix sees it: data only. */
export interface MutantDefinition {
  /** kebab-case name, the first argument of `mutants/main.js`. */
  readonly name: string;
  /** Clauses the suite must FAIL on this mutant. */
  readonly claims: readonly ClauseId[];
  /** Clauses the defect necessarily breaks too; failing them is allowed, not required. */
  readonly incidental: readonly ClauseId[];
  /** One sentence: the defect, as an adapter author would make it. */
  readonly description: string;
  /** @defaultValue 'fail' */
  readonly expect: MutantExpectation;
  /** Adapter arguments the mutant needs before the action (e.g. `--terminal-after 3`). @defaultValue [] */
  readonly args: readonly string[];
  /**
   * Its lifecycle file (`--lifecycle`), relative to the package root, for a
   * mutant judged on SEM-DURABLE-RESTART. @defaultValue none
   */
  readonly lifecycle?: string;
}

/** A runnable mutant: its definition plus the reference behaviour with one part replaced. */
export interface Mutant extends MutantDefinition {
  readonly behavior: AdapterBehavior;
}
