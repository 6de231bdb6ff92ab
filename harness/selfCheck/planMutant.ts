import type { MutantDefinition } from '../../adapters/mutants/MutantDefinition.js';

// Planning a mutant's run: the smallest run that decides its claims (an `--only`
// pattern and the suite files holding those tests).

/** A mutant as a self-check run judges it. */
export interface MutantPlan {
  /** The declaration: what `evaluateKill` judges. */
  readonly judged: MutantDefinition;
  /** The `--only` pattern limiting the run to the tests of the claimed clauses. */
  readonly only: string;
  /** What the pattern matches: the claimed clause IDs (for a control mutant, the prefix `SEM-`); `suiteFilesFor` picks the files from them. */
  readonly needles: readonly string[];
}

/**
 * Pure: what a mutant's run must show. The run is limited to the tests of its
 * claimed clauses (OUT is checked on every call of those tests anyway); a
 * control mutant claims nothing and is judged on the SEM suite it is a control for.
 *
 * @param mutant - the mutant's declaration
 */
export function planMutant(mutant: MutantDefinition): MutantPlan {
  // Incidental clauses may FAIL but need not: running their tests would prove nothing and cost most of the time.
  const ids: string[] = mutant.expect === 'inconclusive' ? ['SEM-'] : [...mutant.claims];
  return { judged: mutant, only: `(${ids.join('|')})`, needles: ids };
}

/** One suite file, by name, with its text. */
export interface SuiteSource {
  /** File name in the suite directory, e.g. `faults.suite.ts`. */
  readonly name: string;
  readonly text: string;
}

/**
 * Pure: the suite files a run limited to some clauses must load. Test names
 * start with the clause IDs they decide, and the IDs are literals in the
 * suites, so a file that never mentions a clause holds no test of it. A
 * missed file could only make a mutant survive (a loud failure), never credit
 * a kill. With no file mentioning any of them, every file is kept.
 *
 * @param needles - the claimed clause IDs (or a prefix such as `SEM-`)
 * @param suites - every suite file of the run's suite directory
 * @returns file names, in the given order
 */
export function suiteFilesFor(needles: readonly string[], suites: readonly SuiteSource[]): readonly string[] {
  const mentioning = suites.filter((suite) => needles.some((needle) => suite.text.includes(needle)));
  return (mentioning.length === 0 ? suites : mentioning).map((suite) => suite.name);
}
