import { createHash } from 'node:crypto';
import type { ShardSpec } from './types.js';

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
  const ordered = keys
    .map((key) => ({ key, hash: createHash('sha1').update(key).digest('hex') }))
    .sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : a.key < b.key ? -1 : 1));
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
