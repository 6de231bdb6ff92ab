import { createVitest, type Vitest } from 'vitest/node';
import { shardSpecifications } from './shardSpecifications.js';
import type { ShardSpec } from './types.js';

/** Vitest's options, as `startVitest` and `createVitest` take them. */
export type VitestRunOptions = Parameters<typeof createVitest>[1];

/**
 * The sharded counterpart of vitest's `startVitest('test', [], options)`: runs
 * one slice of the tests rather than one slice of the files. It collects every
 * suite file (tests are defined, not run), picks the slice with
 * {@link shardSpecifications}, and runs exactly those tests by ID through the
 * same reporters. Vitest's own `shard` option cuts by file, which gives a
 * handful of very unequal slices for a few large suite files.
 * @param options - vitest's options (reporters, provide, filters); `shard` must not be set.
 * @param shard - which slice to run.
 * @returns the vitest instance, for the caller to close.
 * @public
 */
export async function startVitestShard(options: VitestRunOptions, shard: ShardSpec): Promise<Vitest> {
  const vitest = await createVitest('test', options, { logLevel: 'silent' });
  try {
    const collected = await vitest.collect();
    const plan = shardSpecifications(collected.testModules, shard);
    // Collection errors (a suite file that fails to load) are reported by the run itself.
    if (plan.specifications.length > 0) await vitest.runTestSpecifications([...plan.specifications], false);
    return vitest;
  } catch (error) {
    await vitest.close();
    throw error;
  }
}
