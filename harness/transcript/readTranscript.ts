import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { lineTooLong, TranscriptInputError } from './transcriptLine.js';
import { describeError } from '../UsageError.js';

const NEWLINE = 0x0a;

/**
 * Streams a file's lines (without their newline) with 1-based numbers. Memory is
 * one read chunk plus the longest line, which is capped: a transcript line holds
 * at most a request and an output bound of text, a few MiB.
 *
 * @param file - the file to read
 * @param maxLineBytes - longest line accepted
 * @throws TranscriptInputError when the file cannot be read or a line is too long
 */
export async function* readLines(file: string, maxLineBytes: number): AsyncGenerator<{ readonly text: string; readonly line: number }> {
  const stream = createReadStream(file, { highWaterMark: 1 << 20 });
  let carry: Buffer[] = [];
  let carryBytes = 0;
  let line = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let start = 0;
      for (let end = chunk.indexOf(NEWLINE, start); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
        line += 1;
        if (carryBytes + end - start > maxLineBytes) throw lineTooLong(line, maxLineBytes);
        const text = carry.length === 0 ? chunk.toString('utf8', start, end) : Buffer.concat([...carry, chunk.subarray(start, end)]).toString('utf8');
        carry = [];
        carryBytes = 0;
        start = end + 1;
        yield { text, line };
      }
      if (start < chunk.length) {
        carryBytes += chunk.length - start;
        if (carryBytes > maxLineBytes) throw lineTooLong(line + 1, maxLineBytes);
        carry.push(chunk.subarray(start));
      }
    }
  } catch (error) {
    if (error instanceof TranscriptInputError) throw error;
    throw cannotRead(file, error);
  } finally {
    stream.destroy();
  }
  // A last line without its newline still counts.
  if (carryBytes > 0) yield { text: Buffer.concat(carry).toString('utf8'), line: line + 1 };
}

/**
 * Streams a file as chunks of whole lines: each chunk ends with a newline, except
 * a last line without one. Every chunk is a fresh buffer of its own (it may be
 * transferred to another thread). Memory: one chunk, or one line when a line is
 * longer. A line past `maxLineBytes` ends the stream with `null` (the caller knows its number).
 *
 * @param file - the file to read
 * @param chunkBytes - bytes read at a time (a chunk holds about that many; capped at `maxLineBytes`)
 * @param maxLineBytes - longest line accepted
 * @throws TranscriptInputError when the file cannot be read
 */
export async function* readChunks(file: string, chunkBytes: number, maxLineBytes: number): AsyncGenerator<Buffer | null> {
  // Then only a line continued from the previous read can be too long.
  const readBytes = Math.min(chunkBytes, maxLineBytes);
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    throw cannotRead(file, error);
  }
  try {
    let carry: Buffer | null = null;
    for (;;) {
      const carried: number = carry?.length ?? 0;
      // A line longer than a chunk doubles the buffer, so reading it costs linear time.
      const buffer = Buffer.allocUnsafeSlow(carried < readBytes ? carried + readBytes : 2 * carried);
      if (carry !== null) carry.copy(buffer);
      let bytesRead: number;
      try {
        ({ bytesRead } = await handle.read(buffer, carried, buffer.length - carried, null));
      } catch (error) {
        throw cannotRead(file, error);
      }
      const filled: number = carried + bytesRead;
      if (bytesRead === 0) {
        // A last line without its newline still counts.
        if (carried > 0) yield buffer.subarray(0, carried);
        return;
      }
      const last: number = buffer.lastIndexOf(NEWLINE, filled - 1);
      const firstLineBytes = carried === 0 ? 0 : buffer.indexOf(NEWLINE);
      if ((last === -1 ? filled : firstLineBytes) > maxLineBytes) {
        yield null;
        return;
      }
      if (last === -1) {
        carry = buffer.subarray(0, filled);
        continue;
      }
      // Copied before the chunk is handed over: the tail starts the next chunk.
      carry = last + 1 < filled ? Buffer.from(buffer.subarray(last + 1, filled)) : null;
      yield buffer.subarray(0, last + 1);
    }
  } finally {
    await handle.close();
  }
}

function cannotRead(file: string, error: unknown): TranscriptInputError {
  const code = (error as NodeJS.ErrnoException).code;
  return new TranscriptInputError(`cannot read ${file}: ${code ?? describeError(error)}`);
}

/** How many calls of a transcript there were, and how many never started a process. */
export interface SpawnFailureCount {
  readonly calls: number;
  readonly spawnFailures: number;
  /** Why the first of them failed (the transport's detail), or null. */
  readonly firstDetail: string | null;
}

// In a transcript line the adapter's text sits inside JSON strings, where every quote is
// escaped: this unescaped field can only be the record's own uncertainty.
const SPAWN_FAILURE_FIELD = Buffer.from('"uncertainty":"spawn-failure"');

/**
 * Counts the calls of a transcript and those that failed to spawn, one line at a
 * time as the merge copies them, so the transcript is not read again. A run whose
 * every call failed to spawn judged nothing of the adapter: it is a usage error,
 * not a verdict. Lines are searched as bytes; only the first failed one is decoded.
 */
export class SpawnFailureTally {
  #calls = 0;
  #spawnFailures = 0;
  #firstDetail: string | null = null;

  /**
   * Counts one line.
   * @param line - the line's bytes, with or without its newline; a blank line is no call
   */
  add(line: Uint8Array): void {
    const bytes = Buffer.from(line.buffer, line.byteOffset, line.byteLength);
    const end = bytes.at(-1) === NEWLINE ? bytes.length - 1 : bytes.length;
    if (end === 0) return;
    this.#calls += 1;
    if (bytes.indexOf(SPAWN_FAILURE_FIELD) === -1) return;
    this.#spawnFailures += 1;
    this.#firstDetail ??= (JSON.parse(bytes.toString('utf8', 0, end)) as { uncertaintyDetail?: string }).uncertaintyDetail ?? null;
  }

  /** The counts so far. */
  count(): SpawnFailureCount {
    return { calls: this.#calls, spawnFailures: this.#spawnFailures, firstDetail: this.#firstDetail };
  }
}
