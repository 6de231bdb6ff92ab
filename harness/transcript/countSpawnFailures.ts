import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/** How many calls of a transcript there were, and how many never started a process. */
export interface SpawnFailureCount {
  readonly calls: number;
  readonly spawnFailures: number;
  /** Why the first of them failed (the transport's detail), or null. */
  readonly firstDetail: string | null;
}

// In a transcript line the adapter's text sits inside JSON strings, where every quote is
// escaped: this unescaped field can only be the record's own uncertainty.
const SPAWN_FAILURE_FIELD = '"uncertainty":"spawn-failure"';

/**
 * Counts the calls of a merged `transcript.jsonl` and those that failed to spawn,
 * line by line (never the whole file in memory). A run whose every call failed to
 * spawn judged nothing of the adapter: it is a usage error, not a verdict.
 * @param transcriptFile - the merged transcript
 */
export async function countSpawnFailures(transcriptFile: string): Promise<SpawnFailureCount> {
  let calls = 0;
  let spawnFailures = 0;
  let firstDetail: string | null = null;
  const lines = createInterface({ input: createReadStream(transcriptFile, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line === '') continue;
    calls += 1;
    if (!line.includes(SPAWN_FAILURE_FIELD)) continue;
    spawnFailures += 1;
    firstDetail ??= (JSON.parse(line) as { uncertaintyDetail?: string }).uncertaintyDetail ?? null;
  }
  return { calls, spawnFailures, firstDetail };
}
