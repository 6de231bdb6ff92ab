import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { CallRecord } from '../transport/callRecord.js';

/** One line of `transcript.jsonl`. */
export interface TranscriptLine extends Omit<CallRecord, 'requestText'> {
  /** The request as parsed back from the exact text sent (`null` when the text is not JSON). */
  readonly request: unknown;
  /** The exact text written to stdin. */
  readonly requestText: string;
  /** The suite test that made the call. */
  readonly test: string;
}

/**
 * Appends call records to this worker's own part file; the run merges the parts
 * into `transcript.jsonl` once every worker is done. Separate files keep
 * concurrent workers from interleaving lines.
 */
export class TranscriptWriter {
  readonly #file: string;

  constructor(workDir: string) {
    const dir = join(workDir, 'transcript');
    mkdirSync(dir, { recursive: true });
    this.#file = join(dir, `${process.pid}-${threadId}.jsonl`);
  }

  /** Records one call made by `test`. */
  append(record: CallRecord, test: string): void {
    const line: TranscriptLine = { ...record, request: parseOrNull(record.requestText), test };
    // Synchronous on purpose: one line per adapter process, so the cost is tiny and no line is lost on a crash.
    appendFileSync(this.#file, `${JSON.stringify(line)}\n`);
  }
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
