import { closeSync, constants, createReadStream, fstatSync, mkdirSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';
import { readdir, rename, rm } from 'node:fs/promises';
import { setImmediate } from 'node:timers/promises';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { SecretMask } from '../evidence/SecretMask.js';
import type { CallRecord } from '../transport/callRecord.js';
import { KEPT_STDERR_CHARS, MAX_TRANSCRIPT_LINE_BYTES, type TranscriptLine } from './transcriptLine.js';

/** Options of a {@link TranscriptWriter}. */
export interface TranscriptWriterOptions {
  /** Keep a capped, masked stderr tail per call. @defaultValue false */
  readonly keepStderr?: boolean;
  /** Hides secrets in adapter output. @defaultValue a mask over this process's environment */
  readonly mask?: SecretMask;
}

/**
 * Appends call records to this worker's own part file; the run merges the parts
 * into `transcript.jsonl` once every worker is done. Separate files keep
 * concurrent workers from interleaving lines. The transcript leaves the
 * process, so adapter output (stdout, stderr, error detail) is masked for
 * secrets here, and stderr is dropped unless `keepStderr`.
 */
export class TranscriptWriter {
  readonly #file: string;
  readonly #index: string;
  readonly #keepStderr: boolean;
  readonly #mask: SecretMask;

  constructor(workDir: string, { keepStderr = false, mask = SecretMask.fromProcess() }: TranscriptWriterOptions = {}) {
    const dir = join(workDir, PARTS_DIR);
    mkdirSync(dir, { recursive: true });
    mkdirSync(join(workDir, INDEX_DIR), { recursive: true });
    const name = `${process.pid}-${threadId}.jsonl`;
    this.#file = join(dir, name);
    this.#index = indexFileOf(workDir, name);
    this.#keepStderr = keepStderr;
    this.#mask = mask;
  }

  /** Records one call made by `test`. */
  append(record: CallRecord, test: string): void {
    const stderr = this.#keepStderr ? record.stderrTail : '';
    // Masked before any cut of ours, and at the transport's cuts, so no cut splits a secret.
    const stdout = this.#mask.maskCut(record.stdout, { start: false, end: record.stdoutTruncated });
    const stderrMasked = this.#mask.maskCut(stderr, { start: record.stderrTruncated, end: false });
    const detail = record.uncertaintyDetail === undefined ? undefined : this.#mask.mask(record.uncertaintyDetail);
    const masked = [
      ...new Set([
        ...this.#mask.maskedNames(record.stdout, stdout),
        ...this.#mask.maskedNames(stderr, stderrMasked),
        ...this.#mask.maskedNames(record.uncertaintyDetail ?? '', detail ?? ''),
      ]),
    ].sort();
    const line: TranscriptLine = {
      ...record,
      stdout,
      stderrTail: lastChars(stderrMasked, KEPT_STDERR_CHARS),
      ...(detail === undefined ? {} : { uncertaintyDetail: detail }),
      test,
      stderrKept: this.#keepStderr,
      ...(masked.length === 0 ? {} : { masked }),
    };
    const bytes = lineBytes(line);
    // Synchronous on purpose: one line per adapter process, so the cost is tiny and no line is lost on a crash.
    appendNoFollow(this.#file, bytes);
    // Then its start and length, so the merge need not parse every line (megabytes of requests) for its start;
    // written after the line, so the index never names a line that is not there.
    appendNoFollow(this.#index, Buffer.from(`${record.startedAt} ${bytes.length}\n`));
  }
}

/**
 * The line as UTF-8 JSON with its newline, its stdout cut (on a character boundary) when the whole would pass the
 * line bound. Encoded once, outside the JS heap: a megabyte request line built as a string, then copied with its
 * newline and converted for the write, was nearly half of what a worker allocated in the bounds suite.
 */
function lineBytes(line: TranscriptLine): Buffer {
  // A stdout long enough to pass the bound once escaped (six bytes per control character) is measured before the
  // line is built: a flood of control characters made a line of several megabytes only for it to be cut.
  if (line.stdout.length > MAX_TRANSCRIPT_LINE_BYTES / 6) {
    const rest = Buffer.byteLength(JSON.stringify({ ...line, stdout: '' }));
    if (fittingChars(line.stdout, MAX_TRANSCRIPT_LINE_BYTES - rest) < line.stdout.length) return cutLineBytes(line);
  }
  const text = JSON.stringify(line);
  const bytes = Buffer.byteLength(text);
  return bytes <= MAX_TRANSCRIPT_LINE_BYTES ? withNewline(text, bytes) : cutLineBytes(line);
}

/** The line with as much of its stdout as fits the bound, and a `lineCut` that says how much was dropped. */
function cutLineBytes(line: TranscriptLine): Buffer {
  const stdoutBytes = Buffer.byteLength(line.stdout);
  const withoutStdout = JSON.stringify({ ...line, stdout: '', lineCut: { field: 'stdout', keptBytes: stdoutBytes, droppedBytes: stdoutBytes } });
  const room = MAX_TRANSCRIPT_LINE_BYTES - Buffer.byteLength(withoutStdout);
  const kept = line.stdout.slice(0, fittingChars(line.stdout, room));
  const keptBytes = Buffer.byteLength(kept);
  const text = JSON.stringify({ ...line, stdout: kept, lineCut: { field: 'stdout', keptBytes, droppedBytes: stdoutBytes - keptBytes } });
  return withNewline(text, Buffer.byteLength(text));
}

function withNewline(text: string, bytes: number): Buffer {
  const line = Buffer.allocUnsafe(bytes + 1);
  line.write(text);
  line[bytes] = 0x0a;
  return line;
}

/** How many leading characters of `text` fit in `room` bytes once JSON-escaped (one pass; never splits a surrogate pair). */
function fittingChars(text: string, room: number): number {
  let used = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const next = text.charCodeAt(index + 1);
    const pair = code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff;
    const cost = pair ? 4 : escapedBytes(code);
    if (used + cost > room) return index;
    used += cost;
    if (pair) index += 1;
  }
  return text.length;
}

/** UTF-8 bytes of one UTF-16 unit (not half of a pair) as `JSON.stringify` writes it. */
function escapedBytes(code: number): number {
  if (code === 0x22 || code === 0x5c || code === 0x08 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d) return 2;
  if (code < 0x20) return 6;
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  if (code >= 0xd800 && code <= 0xdfff) return 6; // a lone surrogate is written as \uXXXX
  return 3;
}

function lastChars(text: string, max: number): string {
  if (text.length <= max) return text;
  let start = text.length - max;
  // Never start on the low half of a surrogate pair.
  if (/[\uDC00-\uDFFF]/.test(text[start] ?? '')) start += 1;
  return `… (${start} earlier characters cut) ${text.slice(start)}`;
}

// The suite's own files are never reached through a symbolic link or a FIFO put in their place: a link is refused
// (ELOOP) rather than followed out of the work directory, a FIFO without a reader refused (ENXIO) rather than waited on.
const APPEND_NO_FOLLOW = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK;
// The merged file's temporary: made by this open and no other (O_EXCL), so nothing planted there is written through.
const CREATE_EXCLUSIVE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

function appendNoFollow(file: string, bytes: Buffer): void {
  const descriptor = openSync(file, APPEND_NO_FOLLOW, 0o644);
  try {
    if (!fstatSync(descriptor).isFile()) throw new TranscriptMergeError(file, 'is not a regular file');
    for (let written = 0; written < bytes.byteLength;) written += writeSync(descriptor, bytes, written, bytes.byteLength - written);
  } finally {
    closeSync(descriptor);
  }
}

/** Opens a file of the suite's for reading: a regular file only, never through a link, never blocking on a FIFO. */
function openRegularSync(file: string): number {
  const descriptor = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  if (!fstatSync(descriptor).isFile()) {
    closeSync(descriptor);
    throw new TranscriptMergeError(file, 'is not a regular file');
  }
  return descriptor;
}

// The workers' part files, and beside them (own directory) each part's index: one `<startedAt> <bytes>` line per line of the part.
const PARTS_DIR = 'transcript';
const INDEX_DIR = 'transcript-index';

function indexFileOf(workDir: string, partName: string): string {
  return join(workDir, INDEX_DIR, `${partName}.index`);
}

/**
 * A transcript part file that cannot be merged as written: a torn last line, or a line that is
 * not where the part's index says. A fault of the suite's own files, never evidence about the
 * adapter.
 * @public
 */
export class TranscriptMergeError extends Error {
  override readonly name = 'TranscriptMergeError' as const;
  /** The part file at fault. */
  readonly part: string;

  /**
   * @param part - the part file at fault
   * @param reason - what is wrong with it
   */
  constructor(part: string, reason: string) {
    super(`transcript part ${part}: ${reason}`);
    this.part = part;
  }
}

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
 * The parts are scanned for line offsets (or read from their index), then the
 * lines are copied in order from their offsets, so memory grows with the number
 * of lines, never with their size (a copy holds 4 MiB of lines, or one longer line).
 * @param workDir - the run's work directory, whose `transcript/` holds one part per worker
 * @param destination - the merged file
 * @param onLine - sees each line as it is copied, in order (its bytes, newline included; valid only during the call)
 * @returns the number of lines
 */
export async function mergeTranscriptParts(workDir: string, destination: string, onLine?: (line: Buffer) => void): Promise<number> {
  const partsDir = join(workDir, PARTS_DIR);
  const names = (await readdir(partsDir).catch(() => [] as string[])).filter((name) => name.endsWith('.jsonl')).sort();
  const files = names.map((name) => join(partsDir, name));
  const lines: LineAt[] = [];
  for (const [part, file] of files.entries()) {
    const indexed = await readPartIndex(indexFileOf(workDir, names[part] ?? ''), file, part);
    if (indexed === null) await indexPart(file, part, lines);
    else lines.push(...indexed);
  }
  lines.sort((a, b) => a.startedAt - b.startedAt);
  const temporary = `${destination}.${process.pid}.tmp`;
  try {
    await copyInOrder(files, lines, temporary, onLine);
    await rename(temporary, destination);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return lines.length;
}

/**
 * The lines of a part as its writer indexed them, or null when there is no index or it does not
 * account for the part byte for byte (a worker that died between a line and its index entry, a
 * part written by something else): the part is then scanned instead.
 */
async function readPartIndex(indexFile: string, partFile: string, part: number): Promise<LineAt[] | null> {
  const text = readRegularOrNull(indexFile);
  if (text === null) return null;
  const lines: LineAt[] = [];
  let offset = 0;
  for (const entry of text.split('\n')) {
    if (entry === '') continue;
    const match = /^(-?\d+) (\d+)$/.exec(entry);
    const startedAt = Number(match?.[1]);
    const length = Number(match?.[2]);
    if (match === null || !Number.isSafeInteger(startedAt) || !Number.isSafeInteger(length) || length < 2) return null;
    lines.push({ startedAt, part, offset, length });
    offset += length;
  }
  return offset === sizeOfRegular(partFile) ? lines : null;
}

/** The text of a regular file, or null when it is missing or anything else (a link, a FIFO). */
function readRegularOrNull(file: string): string | null {
  let descriptor: number;
  try {
    descriptor = openRegularSync(file);
  } catch {
    return null;
  }
  try {
    return readFileSync(descriptor, 'utf8');
  } finally {
    closeSync(descriptor);
  }
}

function sizeOfRegular(file: string): number {
  const descriptor = openRegularSync(file);
  try {
    return fstatSync(descriptor).size;
  } finally {
    closeSync(descriptor);
  }
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
  for await (const chunk of createReadStream('', { fd: openRegularSync(file), highWaterMark: 1_048_576 }) as AsyncIterable<Buffer>) {
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
  if (pendingBytes > 0) throw new TranscriptMergeError(file, 'its last line has no newline (a torn write)');
}

// The longest run of adjacent lines copied in one read and one write; a single longer line is copied whole.
const RUN_BYTES = 4 * 1024 * 1024;
// Bytes copied between turns of the event loop, so a signal is still handled during a merge of gigabytes.
const YIELD_BYTES = 32 * 1024 * 1024;

/**
 * Copies the lines in order, each run of lines that lie one after another in one part with a
 * single read and write. Synchronous reads and writes: the run waits on this copy alone, and a
 * read through the thread pool per line cost more than the copy itself.
 */
async function copyInOrder(files: readonly string[], lines: readonly LineAt[], destination: string, onLine: ((line: Buffer) => void) | undefined): Promise<void> {
  const descriptors: number[] = [];
  try {
    for (const file of files) descriptors.push(openRegularSync(file));
    const out = openSync(destination, CREATE_EXCLUSIVE, 0o644);
    descriptors.push(out);
    let buffer = Buffer.allocUnsafe(64 * 1024);
    let sinceYield = 0;
    for (let first = 0; first < lines.length;) {
      const head = lines[first] as LineAt;
      let end = first + 1;
      let bytes = head.length;
      for (let next = lines[end]; next !== undefined && next.part === head.part && next.offset === head.offset + bytes && bytes + next.length <= RUN_BYTES; next = lines[end]) {
        bytes += next.length;
        end += 1;
      }
      if (buffer.byteLength < bytes) buffer = Buffer.allocUnsafe(bytes);
      const read = readSync(descriptors[head.part] as number, buffer, 0, bytes, head.offset);
      let lineEnd = 0;
      for (let index = first; index < end; index += 1) {
        const lineStart = lineEnd;
        lineEnd += (lines[index] as LineAt).length;
        if (read < lineEnd || buffer[lineEnd - 1] !== NEWLINE) throw new TranscriptMergeError(files[head.part] ?? String(head.part), 'a line does not end where its index says');
        onLine?.(buffer.subarray(lineStart, lineEnd));
      }
      for (let written = 0; written < bytes;) written += writeSync(out, buffer, written, bytes - written);
      first = end;
      sinceYield += bytes;
      if (sinceYield >= YIELD_BYTES) {
        sinceYield = 0;
        await setImmediate();
      }
    }
  } finally {
    for (const descriptor of descriptors) closeSync(descriptor);
  }
}
