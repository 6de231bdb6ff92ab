import { createReadStream } from 'node:fs';
import { TranscriptInputError } from '../TranscriptInputError.js';
import { lineTooLong } from './lineTooLong.js';

const NEWLINE = 0x0a;

/**
 * Streams a file's lines (without their newline) with 1-based numbers. Memory is
 * one read chunk plus the longest line, which is capped: a transcript line holds
 * at most a request and an output bound of text, a few MiB.
 *
 * @param file - the file to read
 * @param maxLineBytes - longest line accepted
 * @throws TranscriptInputError when the file cannot be read or a line is too long
 * @internal
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
        const text = carry.length === 0
          ? chunk.toString('utf8', start, end)
          : Buffer.concat([...carry, chunk.subarray(start, end)]).toString('utf8');
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
    const code = (error as NodeJS.ErrnoException).code;
    throw new TranscriptInputError(`cannot read ${file}: ${code ?? (error instanceof Error ? error.message : String(error))}`);
  } finally {
    stream.destroy();
  }
  // A last line without its newline still counts.
  if (carryBytes > 0) yield { text: Buffer.concat(carry).toString('utf8'), line: line + 1 };
}
