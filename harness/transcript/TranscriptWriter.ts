import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { SecretMask } from '../evidence/SecretMask.js';
import type { CallRecord } from '../transport/callRecord.js';

/** How much of a call's stderr tail `--keep-stderr` keeps (the transport already caps it at 65,536 bytes). */
export const KEPT_STDERR_CHARS = 4_096;

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
    const masked = [
      ...new Set([record.stdout, stderr, record.uncertaintyDetail ?? ''].flatMap((text) => this.#mask.found(text))),
    ].sort();
    const line: TranscriptLine = {
      ...record,
      stdout: this.#mask.mask(record.stdout),
      stderrTail: lastChars(this.#mask.mask(stderr), KEPT_STDERR_CHARS),
      ...(record.uncertaintyDetail === undefined ? {} : { uncertaintyDetail: this.#mask.mask(record.uncertaintyDetail) }),
      request: parseOrNull(record.requestText),
      test,
      stderrKept: this.#keepStderr,
      ...(masked.length === 0 ? {} : { masked }),
    };
    // Synchronous on purpose: one line per adapter process, so the cost is tiny and no line is lost on a crash.
    appendFileSync(this.#file, `${JSON.stringify(line)}\n`);
  }
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
