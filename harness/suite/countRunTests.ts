/** The part of a vitest task tree this module reads. */
interface TaskNode {
  readonly type: string;
  readonly mode: string;
  readonly tasks?: readonly TaskNode[];
}

/**
 * Pure: how many tests of the given files were selected to run (`mode: 'run'`),
 * whatever their result. A `--only` pattern that selects none is the caller's
 * mistake, never a green run.
 * @param files - vitest's collected files (`vitest.state.getFiles()`)
 * @public
 */
export function countRunTests(files: readonly TaskNode[]): number {
  let count = 0;
  const visit = (task: TaskNode): void => {
    if (task.type === 'test') {
      if (task.mode === 'run') count += 1;
      return;
    }
    for (const child of task.tasks ?? []) visit(child);
  };
  for (const file of files) visit(file);
  return count;
}
