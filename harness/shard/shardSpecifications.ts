import type { TestModule, TestSpecification } from 'vitest/node';
import { selectShard } from './selectShard.js';
import type { ShardSpec } from './types.js';

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
  const selected = new Set(selectShard(candidates.map(({ key }) => key), shard));
  const specifications = modules.flatMap((module) => {
    const tests = candidates.filter((candidate) => candidate.module === module && selected.has(candidate.key)).map(({ test }) => test);
    // A file that failed to load runs whole in every shard, so every shard reports the suite error.
    if (module.errors().length > 0) return [module.toTestSpecification()];
    return tests.length === 0 ? [] : [module.toTestSpecification(tests)];
  });
  return { specifications, tests: selected.size };
}
