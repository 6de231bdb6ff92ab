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
