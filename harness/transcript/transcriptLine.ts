import { ACTIONS, type Action } from '../protocol/types.js';
import { TRANSPORT_UNCERTAINTIES, type CallRecord, type TransportUncertainty } from '../transport/callRecord.js';
import { isJsonObject } from '../protocol/jsonValues.js';
import { describeError } from '../UsageError.js';

/** How much of a call's stderr tail `--keep-stderr` keeps (the transport already caps it at 65,536 bytes). */
export const KEPT_STDERR_CHARS = 4_096;

/**
 * Most bytes one transcript line may hold as `run` writes it. A request at its
 * bound and an output at its bound fit; an output that grows several-fold when
 * JSON-escaped (a flood of control characters, six bytes each) is cut to fit,
 * and the line says so (`lineCut`).
 */
export const MAX_TRANSCRIPT_LINE_BYTES = 4 * 1_048_576;

/**
 * Longest transcript line a reader accepts: far above {@link MAX_TRANSCRIPT_LINE_BYTES},
 * since a transcript written by another tool need not cut its lines (a request over the
 * 1 MiB bound, its parsed copy, a full output bound, stderr), while memory stays bounded.
 */
export const MAX_READ_LINE_BYTES = 64 * 1024 * 1024;

/** How a transcript line's stdout was cut to fit {@link MAX_TRANSCRIPT_LINE_BYTES}. */
export interface TranscriptLineCut {
  /** The field cut. */
  readonly field: 'stdout';
  /** UTF-8 bytes of the field kept. */
  readonly keptBytes: number;
  /** UTF-8 bytes of the field dropped. */
  readonly droppedBytes: number;
}

/**
 * One line of `transcript.jsonl`, as `run` writes it. (A line written by another tool may
 * carry `request`, the request parsed, instead of `requestText`: `verify` reads `request`
 * only from a line without `requestText`.)
 */
export interface TranscriptLine extends Omit<CallRecord, 'requestText'> {
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

/**
 * A transcript that cannot be read: a missing file, a line that is not JSON,
 * lacks a required field, is too long, or breaks the file's order. Not evidence
 * about the adapter; `verify` exits 2 with this message.
 * @public
 */
export class TranscriptInputError extends Error {
  override readonly name = 'TranscriptInputError' as const;
  /** 1-based line number of the offending line, or null for the file as a whole. */
  readonly line: number | null;
  /** The field at fault, when one is. */
  readonly field: string | null;

  /**
   * @param message - what is wrong, naming the line and field
   * @param line - 1-based line number, or null
   * @param field - the field at fault, or null
   */
  constructor(message: string, line: number | null = null, field: string | null = null) {
    super(message);
    this.line = line;
    this.field = field;
  }
}

/**
 * The error for a transcript line past the longest accepted.
 * @param line - its 1-based number
 * @param maxLineBytes - longest line accepted
 */
export function lineTooLong(line: number, maxLineBytes: number): TranscriptInputError {
  return new TranscriptInputError(`line ${line} is longer than ${maxLineBytes} bytes`, line);
}

/** One transcript line, read back by {@link transcriptCall}. */
export interface TranscriptCall {
  /** 1-based line number in the transcript file. */
  readonly line: number;
  /** The call as the transport recorded it; fields the line lacks are derived or defaulted. */
  readonly record: CallRecord;
  /** The line's `request` (a request object, which another tool's line may give instead of its text), or undefined when it has none; judged only when `hasRequestText` is false. */
  readonly request: unknown;
  /** Whether `requestText` was on the line (then `record.requestText` is the exact text sent). */
  readonly hasRequestText: boolean;
  /** The run masked secrets in this line's output (`masked`), so its stdout is not the bytes the adapter wrote. */
  readonly masked: boolean;
}

/**
 * A parsed line's fields, by the names of {@link TranscriptLine} (the compiler checks every name read),
 * and the request object another tool's line may give instead of its text.
 */
type LineFields = { readonly [K in keyof TranscriptLine | 'request']?: unknown };

const isTime = (value: unknown): boolean => typeof value === 'number' && Number.isFinite(value);

/**
 * Checks the fields every transcript line must have, whoever wrote it (docs/report.md,
 * "Checking a report offline"; a line with only these and the request, `requestText` or
 * else `request`, can still be judged), and the type of each optional field it has.
 * Named reads, not a loop over a table of rules: every line of a transcript has the
 * same shape, so each read is one inline-cache hit (a table's keyed reads and calls
 * to its rules took 15% of reading a line).
 * @throws TranscriptInputError naming the first field, in this order, that is missing or mistyped
 */
function checkFields(fields: LineFields, line: number): void {
  required(fields, line, 'action', (ACTIONS as readonly unknown[]).includes(fields.action), '"submit" or "observe"');
  required(fields, line, 'exitCode', fields.exitCode === null || Number.isInteger(fields.exitCode), 'an integer or null');
  required(fields, line, 'signal', fields.signal === null || typeof fields.signal === 'string', 'a string or null');
  required(fields, line, 'timedOut', typeof fields.timedOut === 'boolean', 'a boolean');
  required(fields, line, 'stdout', typeof fields.stdout === 'string', 'a string');
  required(fields, line, 'stdoutTruncated', typeof fields.stdoutTruncated === 'boolean', 'a boolean');
  required(fields, line, 'startedAt', isTime(fields.startedAt), 'a finite number (ms since epoch)');
  required(fields, line, 'endedAt', isTime(fields.endedAt), 'a finite number (ms since epoch)');
  required(fields, line, 'maxOutputBytes', Number.isInteger(fields.maxOutputBytes) && (fields.maxOutputBytes as number) > 0, 'a positive integer');
  // JSON has no undefined: a field read as undefined is absent.
  optional(line, 'requestText', fields.requestText === undefined || typeof fields.requestText === 'string', 'a string');
  optional(line, 'stdoutInvalidUtf8', fields.stdoutInvalidUtf8 === undefined || typeof fields.stdoutInvalidUtf8 === 'boolean', 'a boolean');
  optional(line, 'stderrBytes', fields.stderrBytes === undefined || (Number.isInteger(fields.stderrBytes) && (fields.stderrBytes as number) >= 0), 'a nonnegative integer');
  optional(
    line,
    'uncertainty',
    fields.uncertainty === undefined || fields.uncertainty === null || (TRANSPORT_UNCERTAINTIES as readonly unknown[]).includes(fields.uncertainty),
    'a transport uncertainty or null',
  );
}

function required(fields: LineFields, line: number, field: keyof TranscriptLine, valid: boolean, expected: string): void {
  if (valid) return;
  if (!Object.hasOwn(fields, field)) throw new TranscriptInputError(`line ${line} has no field "${field}"`, line, field);
  throw badField(line, field, expected);
}

function optional(line: number, field: keyof TranscriptLine, valid: boolean, expected: string): void {
  if (!valid) throw badField(line, field, expected);
}

/**
 * Reads one transcript line. A line needs only the required fields and
 * the request (its exact text `requestText`, else the value `request`);
 * `uncertainty` is derived from the exit facts when the line has none
 * (timeout, output overflow, signal, missing or nonzero exit code).
 *
 * @param text - the line, without its newline
 * @param line - its 1-based number
 * @throws TranscriptInputError naming the line and field when the line is not JSON or lacks a required field
 * @public
 */
export function transcriptCall(text: string, line: number): TranscriptCall {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new TranscriptInputError(`line ${line} is not JSON (${describeError(error)})`, line);
  }
  if (!isJsonObject(parsed)) {
    throw new TranscriptInputError(`line ${line} is not a JSON object`, line);
  }
  const fields = parsed as LineFields;
  checkFields(fields, line);
  const startedAt = fields.startedAt as number;
  const endedAt = fields.endedAt as number;
  if (endedAt < startedAt) throw new TranscriptInputError(`line ${line}: endedAt ${endedAt} is before startedAt ${startedAt}`, line, 'endedAt');

  const requestText = typeof fields.requestText === 'string' ? fields.requestText : null;
  // The request is judged by its exact text; a line without one (another tool's) must give the request itself.
  if (requestText === null && !Object.hasOwn(fields, 'request')) {
    throw new TranscriptInputError(`line ${line} has no field "requestText" or "request"`, line, 'request');
  }
  const stdout = fields.stdout as string;
  const record: CallRecord = {
    callId: typeof fields.callId === 'string' ? fields.callId : `line ${line}`,
    action: fields.action as Action,
    argv: [],
    requestText: requestText ?? '',
    startedAt,
    endedAt,
    exitCode: fields.exitCode as number | null,
    signal: fields.signal as string | null,
    timedOut: fields.timedOut as boolean,
    stdout,
    stdoutBytes: typeof fields.stdoutBytes === 'number' ? fields.stdoutBytes : Buffer.byteLength(stdout),
    stdoutTruncated: fields.stdoutTruncated as boolean,
    stdoutInvalidUtf8: fields.stdoutInvalidUtf8 === true,
    stderrTail: '',
    stderrTruncated: false,
    stderrBytes: typeof fields.stderrBytes === 'number' ? fields.stderrBytes : 0,
    timeoutMs: typeof fields.timeoutMs === 'number' ? fields.timeoutMs : 0,
    maxOutputBytes: fields.maxOutputBytes as number,
    uncertainty: fields.uncertainty !== undefined ? (fields.uncertainty as TransportUncertainty | null) : derivedUncertainty(fields),
  };
  // A masked or cut line's stdout is no longer the bytes the adapter wrote: both are skipped alike.
  const masked = (Array.isArray(fields.masked) && fields.masked.length > 0) || fields.lineCut !== undefined;
  return { line, record, request: fields.request, hasRequestText: requestText !== null, masked };
}

function badField(line: number, field: string, expected: string): TranscriptInputError {
  return new TranscriptInputError(`line ${line}: field "${field}" is not ${expected}`, line, field);
}

/** The transport's classification, rebuilt from the exit facts every line has. */
function derivedUncertainty(fields: LineFields): TransportUncertainty | null {
  if (fields.timedOut === true) return 'timeout';
  if (fields.stdoutTruncated === true) return 'output-overflow';
  if (fields.signal !== null) return 'killed-by-signal';
  if (fields.exitCode === null) return 'spawn-failure';
  return fields.exitCode === 0 ? null : 'nonzero-exit';
}
