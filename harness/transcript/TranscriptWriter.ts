import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { SecretMask } from '../evidence/SecretMask.js';
import type { CallRecord } from '../transport/callRecord.js';

/** How much of a call's stderr tail `--keep-stderr` keeps (the transport already caps it at 65,536 bytes). */
export const KEPT_STDERR_CHARS = 4_096;

/**
 * Most bytes one transcript line may hold. A request at its bound and an output at
 * its bound fit; an output that grows several-fold when JSON-escaped (a flood of
 * control characters, six bytes each) is cut to fit, and the line says so (`lineCut`).
 */
export const MAX_TRANSCRIPT_LINE_BYTES = 4 * 1_048_576;

/** How a transcript line's stdout was cut to fit {@link MAX_TRANSCRIPT_LINE_BYTES}. */
export interface TranscriptLineCut {
  /** The field cut. */
  readonly field: 'stdout';
  /** UTF-8 bytes of the field kept. */
  readonly keptBytes: number;
  /** UTF-8 bytes of the field dropped. */
  readonly droppedBytes: number;
}

/** One line of `transcript.jsonl`. */
export interface TranscriptLine extends Omit<CallRecord, 'requestText'> {
  /** The request as parsed back from the exact text sent (`null` when the text is not JSON). */
  readonly request: unknown;
  /** The exact text written to stdin. */
  readonly requestText: string;
  /** The suite test that made the call. */
  readonly test: string;
  /**
   * Whether `stderrTail` holds the call's stderr (`--keep-stderr`: its last
   * {@link KEPT_STDERR_CHARS} characters, secrets masked); otherwise it is `''`.
   */
  readonly stderrKept: boolean;
  /**
   * Secret-looking environment variables whose values the adapter's output
   * contained and which were masked (absent when none): such a line's stdout
   * is no longer the exact bytes read.
   */
  readonly masked?: readonly string[];
  /** The line was too long for {@link MAX_TRANSCRIPT_LINE_BYTES} and its stdout was cut (absent otherwise). */
  readonly lineCut?: TranscriptLineCut;
}

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
  readonly #keepStderr: boolean;
  readonly #mask: SecretMask;

  constructor(workDir: string, { keepStderr = false, mask = SecretMask.fromProcess() }: TranscriptWriterOptions = {}) {
    const dir = join(workDir, 'transcript');
    mkdirSync(dir, { recursive: true });
    this.#file = join(dir, `${process.pid}-${threadId}.jsonl`);
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
      request: parseOrNull(record.requestText),
      test,
      stderrKept: this.#keepStderr,
      ...(masked.length === 0 ? {} : { masked }),
    };
    // Synchronous on purpose: one line per adapter process, so the cost is tiny and no line is lost on a crash.
    appendFileSync(this.#file, `${fitLine(line)}\n`);
  }
}

/** The line as JSON, its stdout cut (on a character boundary) when the whole would pass the line bound. */
function fitLine(line: TranscriptLine): string {
  const text = JSON.stringify(line);
  const bytes = Buffer.byteLength(text);
  if (bytes <= MAX_TRANSCRIPT_LINE_BYTES) return text;
  const stdoutBytes = Buffer.byteLength(line.stdout);
  const withoutStdout = JSON.stringify({ ...line, stdout: '', lineCut: { field: 'stdout', keptBytes: stdoutBytes, droppedBytes: stdoutBytes } });
  const room = MAX_TRANSCRIPT_LINE_BYTES - Buffer.byteLength(withoutStdout);
  const kept = line.stdout.slice(0, fittingChars(line.stdout, room));
  const keptBytes = Buffer.byteLength(kept);
  return JSON.stringify({ ...line, stdout: kept, lineCut: { field: 'stdout', keptBytes, droppedBytes: stdoutBytes - keptBytes } });
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

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
