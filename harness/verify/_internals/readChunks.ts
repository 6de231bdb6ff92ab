import { open, type FileHandle } from 'node:fs/promises';
import { TranscriptInputError } from '../TranscriptInputError.js';

const NEWLINE = 0x0a;

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
 * @internal
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
  return new TranscriptInputError(`cannot read ${file}: ${code ?? (error instanceof Error ? error.message : String(error))}`);
}
