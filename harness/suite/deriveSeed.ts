/**
 * The seed of one test's property: the run's root seed mixed with the test name
 * (FNV-1a), so `--seed S --only NAME` replays the same cases whatever else runs.
 */
export function deriveSeed(rootSeed: number, testName: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < testName.length; index++) {
    hash ^= testName.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return ((hash ^ rootSeed) >>> 0) & 0x7fffffff;
}
