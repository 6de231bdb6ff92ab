import { createReadStream, createWriteStream } from 'node:fs';
import { open, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';

/** Where one line lies in its part file, and its sort key. */
interface LineAt {
  readonly startedAt: number;
  readonly part: number;
  readonly offset: number;
  /** Bytes of the line, its newline included. */
  readonly length: number;
}

const NEWLINE = 0x0a;

/**
 * Merges the workers' transcript parts into one `transcript.jsonl`, ordered by
 * call start (ties keep worker order, then line order), written atomically.
 * Streamed both ways: the parts are scanned for line offsets (one line in memory
 * at a time, to read its start time), then the lines are copied in order from
 * their offsets, so memory grows with the number of lines, never with their size.
 * Returns the number of lines.
 */
export async function mergeTranscriptParts(workDir: string, destination: string): Promise<number> {
  const partsDir = join(workDir, 'transcript');
  const names = (await readdir(partsDir).catch(() => [] as string[])).filter((name) => name.endsWith('.jsonl')).sort();
  const files = names.map((name) => join(partsDir, name));
  const lines: LineAt[] = [];
  for (const [part, file] of files.entries()) await indexPart(file, part, lines);
  lines.sort((a, b) => a.startedAt - b.startedAt);
  const temporary = `${destination}.${process.pid}.tmp`;
  try {
    await copyInOrder(files, lines, temporary);
    await rename(temporary, destination);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return lines.length;
}

async function indexPart(file: string, part: number, into: LineAt[]): Promise<void> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let lineStart = 0;
  let position = 0;
  const finish = (end: number, tail: Buffer): void => {
    const text = Buffer.concat([...pending, tail], pendingBytes + tail.byteLength).toString('utf8');
    pending = [];
    pendingBytes = 0;
    if (text !== '') into.push({ startedAt: (JSON.parse(text) as { startedAt: number }).startedAt, part, offset: lineStart, length: end - lineStart + 1 });
    lineStart = end + 1;
  };
  for await (const chunk of createReadStream(file, { highWaterMark: 1_048_576 }) as AsyncIterable<Buffer>) {
    let from = 0;
    for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, from)) {
      finish(position + at, chunk.subarray(from, at));
      from = at + 1;
    }
    if (from < chunk.byteLength) {
      const rest = Buffer.from(chunk.subarray(from));
      pending.push(rest);
      pendingBytes += rest.byteLength;
    }
    position += chunk.byteLength;
  }
  if (pendingBytes > 0) throw new Error(`transcript part ${file}: its last line has no newline (a torn write)`);
}

async function copyInOrder(files: readonly string[], lines: readonly LineAt[], destination: string): Promise<void> {
  const handles = await Promise.all(files.map((file) => open(file, 'r')));
  const out = createWriteStream(destination);
  try {
    let buffer = Buffer.alloc(64 * 1024);
    for (const line of lines) {
      if (buffer.byteLength < line.length) buffer = Buffer.alloc(line.length);
      const handle = handles[line.part];
      if (handle === undefined) throw new Error(`transcript part ${line.part} is not open`);
      await handle.read(buffer, 0, line.length, line.offset);
      // A copy: the stream may still hold the chunk when the buffer is reused.
      if (!out.write(Buffer.from(buffer.subarray(0, line.length)))) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
  } finally {
    out.destroy();
    await Promise.all(handles.map((handle) => handle.close()));
  }
}
