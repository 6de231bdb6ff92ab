/**
 * Pure: the one test-name pattern vitest takes (`testNamePattern`) that selects
 * the tests `--only` matches (every test without it) and drops those `--exclude`
 * matches. A lookahead keeps both as written, so each is matched anywhere in the name.
 * @param only - the `--only` source, or null for every test
 * @param exclude - the `--exclude` source, or null to exclude none
 * @returns the combined source, or null when neither is given
 * @public
 */
export function testNameFilter(only: string | null, exclude: string | null): string | null {
  if (exclude === null) return only;
  // [\s\S] rather than `.`: a name holding a line break must not slip past the exclusion.
  const keep = only === null ? '' : `(?=[\\s\\S]*?(?:${only}))`;
  return `^(?![\\s\\S]*?(?:${exclude}))${keep}`;
}
