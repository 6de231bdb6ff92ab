import { describeReceived, UsageError } from '../UsageError.js';

// The --shard option alone, apart from the running of a shard (shardTests.ts), so that
// reading a run's options never loads vitest's node API.

/**
 * One slice of a sharded run: shard `index` of `count`, 1-based as in vitest's `--shard 1/3`.
 * @public
 */
export interface ShardSpec {
  readonly index: number;
  readonly count: number;
}

/** Most shards a run may be split into. */
export const MAX_SHARDS = 1000;

/**
 * Validates `--shard i/n` (1 ≤ i ≤ n ≤ {@link MAX_SHARDS}), written as vitest writes it.
 * @param value - the option as received, or undefined when absent.
 * @returns the shard, or null when the option is absent.
 * @throws UsageError naming the option, the value received and its type.
 * @public
 */
export function validateShardOption(value: unknown): ShardSpec | null {
  if (value === undefined) return null;
  const match = typeof value === 'string' ? /^([1-9][0-9]*)\/([1-9][0-9]*)$/.exec(value) : null;
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (match === null || index > count || count > MAX_SHARDS) {
    throw new UsageError(`--shard must be i/n with 1 <= i <= n <= ${MAX_SHARDS}, e.g. 2/3 (got ${describeReceived(value)})`, { option: '--shard' });
  }
  return { index, count };
}
