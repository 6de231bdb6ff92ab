import { adapterManifestClauses, codingOperationClauses, isClauseId, type ClauseId } from '../clauses.js';
import { escapeRegExp } from '../quoting.js';

const ALL_CLAUSE_IDS: readonly string[] = [...codingOperationClauses, ...adapterManifestClauses].map(({ id }) => id);

/**
 * What a conformance test decides and what it checks, declared once: its name
 * is built from it, and its properties decide its clauses unless they say otherwise.
 */
export interface QualifyTestDeclaration {
  /** The clauses the test is named for: its name starts with them, so `--only ID` finds it. */
  readonly clauses: readonly [ClauseId, ...ClauseId[]];
  /** What the test checks, in words: the rest of its name. */
  readonly title: string;
  /**
   * Clauses its properties decide beyond those it is named for (a payload over
   * every byte bound is also a request over the request bound). `--only` does
   * not find the test by them. @defaultValue []
   */
  readonly alsoDecides?: readonly ClauseId[];
}

/**
 * The test name of a declaration: its clause IDs, a colon, its title
 * (`SEM-A, SEM-B: what it checks`). The reporter, `--only`, `--exclude` and
 * sharding all key on this name, so its shape never changes.
 * @param declaration - the test's clauses and title
 */
export function qualifyTestName(declaration: QualifyTestDeclaration): string {
  if (declaration.clauses.length === 0 || declaration.title.trim() === '') {
    throw new Error(`a conformance test declares at least one clause and a title; got ${JSON.stringify(declaration)}`);
  }
  return `${declaration.clauses.join(', ')}: ${declaration.title}`;
}

/** The comma-separated words before a test name's first colon: its clause IDs, if it is well formed. */
function nameHead(name: string): string[] {
  return (name.split(':', 1)[0] ?? '').split(',').map((part) => part.trim());
}

/**
 * The clause IDs a test name starts with (`SEM-A, SEM-B: what it checks`).
 * Enforced, so every conformance test is found by its clause ID.
 */
export function declaredClauses(name: string): ClauseId[] {
  const ids = nameHead(name);
  const unknown = ids.filter((id) => !isClauseId(id));
  if (unknown.length > 0) {
    throw new Error(`conformance test names start with their clause IDs ("REQ-CLOSED: …"); got ${JSON.stringify(name)}`);
  }
  return ids as ClauseId[];
}

/**
 * Pure: a pattern that matches a test name when `source` matches the name, or matches
 * one of the clause IDs the name starts with on its own. `list` shows one ID per line,
 * so `^OUT-CLOSED` or `^OUT-CLOSED$` is a natural way to pick a clause; it must find the
 * test named `OUT-JSON, OUT-CLOSED: …` too. The IDs `source` matches are found here, and
 * the name must then hold one of them whole, before its first colon.
 * @param source - an `--only` or `--exclude` source
 * @param clauseIds - the clause IDs a test name may start with
 * @public
 */
export function clauseAwarePattern(source: string, clauseIds: readonly string[]): string {
  const pattern = new RegExp(source);
  const ids = clauseIds.filter((id) => pattern.test(id));
  if (ids.length === 0) return source;
  return `(?:${source})|^(?:[^:,]*, )*(?:${ids.map(escapeRegExp).join('|')})(?=[,:])`;
}

/**
 * Pure: the one test-name pattern vitest takes (`testNamePattern`) that selects
 * the tests `--only` matches (every test without it) and drops those `--exclude`
 * matches. A lookahead keeps both as written, so each is matched anywhere in the name,
 * and each also matches a test by one of its clause IDs alone ({@link clauseAwarePattern}).
 * @param only - the `--only` source, or null for every test
 * @param exclude - the `--exclude` source, or null to exclude none
 * @param clauseIds - the profile's clause IDs. @defaultValue every clause ID of the catalog
 * @returns the combined source, or null when neither is given
 * @public
 */
export function testNameFilter(only: string | null, exclude: string | null, clauseIds: readonly string[] = ALL_CLAUSE_IDS): string | null {
  const onlySource = only === null ? null : clauseAwarePattern(only, clauseIds);
  if (exclude === null) return onlySource;
  const excludeSource = clauseAwarePattern(exclude, clauseIds);
  // [\s\S] rather than `.`: a name holding a line break must not slip past the exclusion.
  const keep = onlySource === null ? '' : `(?=[\\s\\S]*?(?:${onlySource}))`;
  return `^(?![\\s\\S]*?(?:${excludeSource}))${keep}`;
}

/** The part of a vitest task tree this module reads. */
interface NamedTask {
  readonly type: string;
  readonly name: string;
  readonly tasks?: readonly NamedTask[];
}

/**
 * Pure: the clauses named by the tests `--exclude` matches, each with the SKIP
 * reason the report gives it when no other test brought it evidence. Test names
 * start with the IDs they decide (`ID, ID: rule`), so the IDs are read from there.
 * @param files - vitest's collected files (`vitest.state.getFiles()`)
 * @param exclude - the `--exclude` source, or null
 * @param known - the clause IDs of the profile; anything else before the colon is not an ID
 * @public
 */
export function excludedClauses(files: readonly NamedTask[], exclude: string | null, known: readonly ClauseId[]): Readonly<Partial<Record<ClauseId, string>>> {
  if (exclude === null) return {};
  const pattern = new RegExp(clauseAwarePattern(exclude, known));
  const ids = new Set<string>(known);
  const excluded: Partial<Record<ClauseId, string>> = {};
  const reason = `excluded by --exclude ${JSON.stringify(exclude)} (not run)`;
  const visit = (task: NamedTask): void => {
    if (task.type !== 'test') {
      for (const child of task.tasks ?? []) visit(child);
      return;
    }
    if (!pattern.test(task.name)) return;
    for (const id of nameHead(task.name)) {
      if (ids.has(id)) excluded[id as ClauseId] = reason;
    }
  };
  for (const file of files) visit(file);
  return excluded;
}

/** The part of a vitest task tree this module reads. */
interface SelectedTask {
  readonly type: string;
  readonly mode: string;
  readonly tasks?: readonly SelectedTask[];
}

/**
 * Pure: how many tests of the given files were selected to run (`mode: 'run'`),
 * whatever their result. A `--only` pattern that selects none is the caller's
 * mistake, never a green run.
 * @param files - vitest's collected files (`vitest.state.getFiles()`)
 * @public
 */
export function countRunTests(files: readonly SelectedTask[]): number {
  let count = 0;
  const visit = (task: SelectedTask): void => {
    if (task.type === 'test') {
      if (task.mode === 'run') count += 1;
      return;
    }
    for (const child of task.tasks ?? []) visit(child);
  };
  for (const file of files) visit(file);
  return count;
}
