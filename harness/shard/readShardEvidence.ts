import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isQualifyTestMeta } from '../../reports/_internals/isQualifyTestMeta.js';
import { UsageError } from '../UsageError.js';
import { SHARD_EVIDENCE_FILE, SHARD_EVIDENCE_FORMAT, type ShardEvidence } from './types.js';

/**
 * Reads and checks the `shard-evidence.json` of one shard report directory.
 * @param dir - the shard's report directory.
 * @throws UsageError when the file is missing, unreadable or not shard evidence.
 * @public
 */
export async function readShardEvidence(dir: string): Promise<ShardEvidence> {
  const file = join(dir, SHARD_EVIDENCE_FILE);
  const refuse = (reason: string, cause?: unknown): never => {
    throw new UsageError(`merge: ${file}: ${reason}`, cause === undefined ? {} : { cause });
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    refuse(code === 'ENOENT' ? 'missing (was the run made with --shard?)' : `unreadable (${code ?? (cause as Error).message})`, cause);
  }
  if (!isShardEvidence(parsed)) return refuse(`not ${SHARD_EVIDENCE_FORMAT} evidence`);
  return parsed;
}

function isShardEvidence(value: unknown): value is ShardEvidence {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  const strings = (list: unknown): boolean => Array.isArray(list) && list.every((item) => typeof item === 'string');
  const isObject = (item: unknown): boolean => typeof item === 'object' && item !== null && !Array.isArray(item);
  return (
    record['format'] === SHARD_EVIDENCE_FORMAT &&
    (record['profile'] === 'coding-operation.v1' || record['profile'] === 'adapter-manifest.v1') &&
    Array.isArray(record['metas']) &&
    record['metas'].every(isQualifyTestMeta) &&
    Array.isArray(record['failedTests']) &&
    record['failedTests'].every((failed) => isObject(failed) && typeof failed.testName === 'string' && typeof failed.error === 'string') &&
    strings(record['unhandledErrors']) &&
    typeof record['filteredOut'] === 'boolean' &&
    isObject(record['deferred']) &&
    isObject(record['notApplicable']) &&
    isObject(record['replays']) &&
    Object.values(record['replays'] as object).every((command) => typeof command === 'string')
  );
}
