import { appendFileSync, mkdirSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { CallExcerpt } from '../evidence/types.js';
import { canonicalJson } from '../protocol/canonicalJson.js';
import { digestText, type Digest } from '../protocol/digest.js';
import type { Binding, Outcome } from '../protocol/types.js';
import type { CallRecord } from '../transport/callRecord.js';
import { callExcerpt } from './callExcerpt.js';

/** The first terminal answer the run saw for one binding: what the end-of-run re-observation compares against. */
export interface TerminalEvidence {
  readonly binding: Binding;
  /** Digest of the canonical terminal envelope (the envelope itself may be as large as the output bound). */
  readonly envelopeDigest: Digest;
  /** The call that gave it, as a counterexample shows it. */
  readonly call: CallExcerpt;
  /** When that call ended (ms since epoch). */
  readonly endedAt: number;
  /** The suite test that made it (its name replays it). */
  readonly testName: string;
}

const DIRECTORY = 'terminals';

/**
 * Appends the first terminal answer of each binding to this worker's own file in the
 * run's work directory, so that the run can observe every such binding again once all
 * workers are done. One short line per terminal binding; synchronous, so no line is
 * lost when a worker ends.
 */
export class TerminalEvidenceLog {
  readonly #file: string;
  readonly #seen = new Set<string>();

  /** @param workDir - the run's work directory */
  constructor(workDir: string) {
    const dir = join(workDir, DIRECTORY);
    mkdirSync(dir, { recursive: true });
    this.#file = join(dir, `${process.pid}-${threadId}.jsonl`);
  }

  /** Notes a terminal outcome of `binding` (only the first per binding is kept). */
  note(binding: Binding, outcome: Outcome, record: CallRecord, testName: string): void {
    const key = bindingKey(binding);
    if (this.#seen.has(key)) return;
    this.#seen.add(key);
    const entry: TerminalEvidence = { binding, envelopeDigest: digestText(canonicalJson(outcome)), call: callExcerpt(record), endedAt: record.endedAt, testName };
    appendFileSync(this.#file, `${JSON.stringify(entry)}\n`);
  }
}

/**
 * Every binding's first terminal evidence written by any worker of the run (the earliest
 * when two workers saw one binding), in the order the answers ended.
 * @param workDir - the run's work directory
 */
export async function readTerminalEvidence(workDir: string): Promise<TerminalEvidence[]> {
  const dir = join(workDir, DIRECTORY);
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const first = new Map<string, TerminalEvidence>();
  for (const name of names.sort()) {
    const text = await readFile(join(dir, name), 'utf8');
    for (const line of text.split('\n')) {
      if (line === '') continue;
      const entry = JSON.parse(line) as TerminalEvidence;
      const key = bindingKey(entry.binding);
      const known = first.get(key);
      if (known === undefined || entry.endedAt < known.endedAt) first.set(key, entry);
    }
  }
  return [...first.values()].sort((a, b) => a.endedAt - b.endedAt);
}

// Identities cannot contain NUL, so the joined key is unambiguous.
function bindingKey(binding: Binding): string {
  return `${binding.operationId}\u0000${binding.authorityId}\u0000${binding.requestDigest}`;
}
