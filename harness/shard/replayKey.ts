import type { ReplayHandle } from '../evidence/types.js';

/**
 * The key of a replay handle in a shard's rendered replay commands.
 * @param handle - a handle recorded by a test.
 * @public
 */
export function replayKey(handle: ReplayHandle): string {
  return JSON.stringify([handle.testName, handle.seed, handle.path ?? null]);
}
