import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The suites that go first, in this order:
 * - the host suite proves the suite's own transport against the hostile fixtures; it starts
 *   no adapter process, and its wall time is mostly waiting (fixture start-up, a held-open
 *   pipe read until its deadline);
 * - the fault suite is the longest, and waits on clocks: each stopped submit waits out its
 *   host deadline and the pause past it, one case after another;
 * - the two request suites have the most tests (21 properties, one per REQ clause), so the
 *   most adapter calls: the bounds suite (megabyte requests) goes to the first worker free and
 *   the envelope and binding suite to the other, and the smaller suites share both after them.
 *
 * Started first, their waiting overlaps the other worker's adapter calls; started late, each
 * becomes the tail of a run, with the other worker idle (docs/performance.md).
 */
const FIRST = [/^host\.suite\.(?:ts|js)$/, /^faults\.suite\.(?:ts|js)$/, /^bounds\.suite\.(?:ts|js)$/, /^request\.suite\.(?:ts|js)$/];

/**
 * The order the workers take the suite files in: {@link FIRST}, then the others largest
 * first (a larger suite has more properties), by name among equal sizes. Fixed for a given
 * install, whatever ran before: vitest's own order follows the durations it cached from
 * the last run, which made the same run's length swing with what ran before it. Pure.
 * @param files - the suite files
 * @param fileOf - the absolute file of an entry
 * @param sizeOf - its size in bytes
 * @returns the same entries, in that order
 * @public
 */
export function suiteOrder<T>(files: readonly T[], fileOf: (entry: T) => string, sizeOf: (entry: T) => number): T[] {
  const rank = (entry: T): number => {
    const index = FIRST.findIndex((pattern) => pattern.test(basename(fileOf(entry))));
    return index === -1 ? FIRST.length : index;
  };
  const keyed = files.map((entry) => ({ entry, rank: rank(entry), size: sizeOf(entry), name: basename(fileOf(entry)) }));
  keyed.sort((a, b) => a.rank - b.rank || b.size - a.size || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return keyed.map(({ entry }) => entry);
}

/**
 * The run's vitest sequencer: {@link suiteOrder}, never vitest's results cache.
 * @public
 */
export class QualifySequencer extends BaseSequencer {
  /**
   * @param files - the run's suite files
   * @returns them in the order the workers take them
   */
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return Promise.resolve(
      suiteOrder(
        files,
        (file) => file.moduleId,
        (file) => sizeOf(file.moduleId),
      ),
    );
  }
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    // Loading it will say what is wrong.
    return 0;
  }
}
