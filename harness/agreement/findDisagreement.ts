import * as fc from 'fast-check';

/** A case on which the suite's oracle and the host model answered differently. */
export interface Disagreement<Case, Answer> {
  readonly case: Case;
  readonly suite: Answer;
  readonly host: Answer;
}

/** How to run one differential comparison. */
export interface DifferentialSpec<Case, Answer> {
  /** The corpus: generated cases, edge families included. */
  readonly corpus: fc.Arbitrary<Case>;
  /** The suite's oracle, reduced to a comparable answer. */
  readonly suite: (value: Case) => Answer;
  /** The independent host model, reduced the same way. */
  readonly host: (value: Case) => Answer;
  /**
   * A difference the catalog itself declares (e.g. a leading BOM: OUT-JSON is
   * strict where algal's host tolerates it); it must then say so.
   * @defaultValue none
   */
  readonly declared?: (value: Case, suite: Answer, host: Answer) => boolean;
  /** Cases that always run first (the edge families' fixed members). @defaultValue [] */
  readonly examples?: readonly Case[];
  readonly numRuns: number;
  readonly seed: number;
}

/**
 * Runs the suite's oracle and the host model over one corpus and returns the
 * smallest case on which they disagree (fast-check shrinks it), or null when
 * they agree on every case. Answers are compared as canonical `JSON.stringify` text.
 *
 * @param spec - the corpus, both oracles, and the run's size and seed
 */
export function findDisagreement<Case, Answer>(spec: DifferentialSpec<Case, Answer>): Disagreement<Case, Answer> | null {
  const agree = (value: Case): boolean => {
    const suite = spec.suite(value);
    const host = spec.host(value);
    return JSON.stringify(suite) === JSON.stringify(host) || (spec.declared?.(value, suite, host) ?? false);
  };
  const found = fc.check(fc.property(spec.corpus, agree), {
    numRuns: spec.numRuns,
    seed: spec.seed,
    examples: (spec.examples ?? []).map((value) => [value] as [Case]),
  });
  if (!found.failed || found.counterexample === null) return null;
  const [value] = found.counterexample;
  return { case: value, suite: spec.suite(value), host: spec.host(value) };
}
