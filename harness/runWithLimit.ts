/**
 * Runs tasks with at most `limit` in flight, starting them in order, and
 * returns their results in the tasks' order. A task should not reject: a
 * rejection rejects the whole call (the tasks already started still run).
 *
 * @param tasks - the work, started lazily
 * @param limit - most tasks in flight at once (at least 1)
 * @throws RangeError when `limit` is not a positive integer
 */
export async function runWithLimit<T>(tasks: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`runWithLimit: limit must be a positive integer (got ${String(limit)})`);
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    for (let index = next++; index < tasks.length; index = next++) {
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, lane));
  return results;
}
