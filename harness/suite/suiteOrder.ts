import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// The host suite proves the suite's own transport against the hostile fixtures; it starts no
// adapter process, and its wall time is mostly waiting (fixture start-up, a held-open pipe
// read until its deadline).
const HOST_SUITE = /^host\.suite\.(?:ts|js)$/;

/**
 * Puts the host suite first, the other files in the order given. Run first, the
 * host suite's waiting overlaps the other worker's adapter calls; run last (as
 * vitest's longest-first order tends to place it), it was the whole tail of a run,
 * with every adapter call already done. Pure.
 * @param files - the files in vitest's order.
 * @param fileOf - the absolute file of an entry.
 * @returns the same entries, the host suite first.
 * @public
 */
export function hostSuiteFirst<T>(files: readonly T[], fileOf: (entry: T) => string): T[] {
  const isHost = (entry: T): boolean => HOST_SUITE.test(basename(fileOf(entry)));
  return [...files.filter(isHost), ...files.filter((entry) => !isHost(entry))];
}

/**
 * The run's vitest sequencer: vitest's own order (failed, then longest first from
 * its results cache, else largest first), with {@link hostSuiteFirst} applied.
 * @public
 */
export class QualifySequencer extends BaseSequencer {
  /**
   * @param files - the run's suite files.
   * @returns them in the order the workers take them.
   */
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return hostSuiteFirst(await super.sort(files), (file) => file.moduleId);
  }
}
