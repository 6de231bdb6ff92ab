import { createHash } from 'node:crypto';
import { createVitest, type TestModule, type TestSpecification, type Vitest } from 'vitest/node';
import type { ShardSpec } from '../options/shardOption.js';

/**
 * The keys (test identities) that belong to one shard. Vitest's own file
 * sharding rule, applied to tests: order every key by the sha1 of its text,
 * then cut that order into `count` contiguous slices whose sizes differ by at
 * most one. Deterministic: it depends only on the set of keys, never on the
 * machine or the order they were collected in. Pure.
 * @param keys - every candidate key, each once.
 * @param shard - which slice to take.
 * @returns the keys of the slice, in hash order.
 * @public
 */
export function selectShard(keys: readonly string[], shard: ShardSpec): string[] {
  const ordered = keys.map((key) => ({ key, hash: createHash('sha1').update(key).digest('hex') })).sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : a.key < b.key ? -1 : 1));
  const [start, end] = shardRange(ordered.length, shard);
  return ordered.slice(start, end).map(({ key }) => key);
}

// As vitest's BaseSequencer.calculateShardRange: the first `total % count` slices get one more.
function shardRange(total: number, { index, count }: ShardSpec): [number, number] {
  const base = Math.floor(total / count);
  const remainder = total % count;
  if (index <= remainder) return [(base + 1) * (index - 1), (base + 1) * index];
  const start = remainder * (base + 1) + (index - remainder - 1) * base;
  return [start, start + base];
}

/** The run of one shard, as vitest specifications. */
export interface ShardPlan {
  /** One specification per suite file with tests in the shard, naming exactly those tests. */
  readonly specifications: readonly TestSpecification[];
  /** How many tests the shard runs. */
  readonly tests: number;
}

/**
 * Turns the collected suite files into the specifications of one shard: every
 * test that the run's filters leave runnable (`--only` marks the others
 * skipped at collection) is keyed by `<suite file> > <test name>`, and
 * {@link selectShard} picks the slice. A file with no test in the slice is left
 * out (a specification without test IDs would run the whole file); a file
 * that failed to load is run whole in every shard, so each reports the error.
 * @param modules - the suite files as `vitest.collect()` returned them.
 * @param shard - which slice to run.
 * @public
 */
export function shardSpecifications(modules: readonly TestModule[], shard: ShardSpec): ShardPlan {
  const candidates = modules.flatMap((module) =>
    [...module.children.allTests()]
      .filter((test) => test.options.mode === 'run' || test.options.mode === 'only')
      .map((test) => ({ module, test, key: `${module.relativeModuleId} > ${test.fullName}` })),
  );
  const selected = new Set(
    selectShard(
      candidates.map(({ key }) => key),
      shard,
    ),
  );
  const specifications = modules.flatMap((module) => {
    const tests = candidates.filter((candidate) => candidate.module === module && selected.has(candidate.key)).map(({ test }) => test);
    // A file that failed to load runs whole in every shard, so every shard reports the suite error.
    if (module.errors().length > 0) return [module.toTestSpecification()];
    return tests.length === 0 ? [] : [module.toTestSpecification(tests)];
  });
  return { specifications, tests: selected.size };
}

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
