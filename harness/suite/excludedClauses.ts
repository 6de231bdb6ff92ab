import type { ClauseId } from '../clauses.js';

/** The part of a vitest task tree this module reads. */
interface TaskNode {
  readonly type: string;
  readonly name: string;
  readonly tasks?: readonly TaskNode[];
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
export function excludedClauses(
  files: readonly TaskNode[],
  exclude: string | null,
  known: readonly ClauseId[],
): Readonly<Partial<Record<ClauseId, string>>> {
  if (exclude === null) return {};
  const pattern = new RegExp(exclude);
  const ids = new Set<string>(known);
  const excluded: Partial<Record<ClauseId, string>> = {};
  const reason = `excluded by --exclude ${JSON.stringify(exclude)} (not run)`;
  const visit = (task: TaskNode): void => {
    if (task.type !== 'test') {
      for (const child of task.tasks ?? []) visit(child);
      return;
    }
    if (!pattern.test(task.name)) return;
    const head = task.name.split(':', 1)[0] ?? '';
    for (const id of head.split(',').map((part) => part.trim())) {
      if (ids.has(id)) excluded[id as ClauseId] = reason;
    }
  };
  for (const file of files) visit(file);
  return excluded;
}
