import { ACTIONS, type Action } from '../protocol/types.js';
import { TRANSPORT_UNCERTAINTIES, type CallRecord, type TransportUncertainty } from '../transport/callRecord.js';
import { TranscriptInputError } from './TranscriptInputError.js';

/** One transcript line, read back for `verify`. */
export interface TranscriptCall {
  /** 1-based line number in the transcript file. */
  readonly line: number;
  /** The call as the transport recorded it; fields the line lacks are derived or defaulted. */
  readonly record: CallRecord;
  /** The line's `request` (the request parsed back from the text sent). */
  readonly request: unknown;
  /** Whether `requestText` was on the line (then `record.requestText` is the exact text sent). */
  readonly hasRequestText: boolean;
  /** The run masked secrets in this line's output (`masked`), so its stdout is not the bytes the adapter wrote. */
  readonly masked: boolean;
}

type Check = (value: unknown) => boolean;
const isBoolean: Check = (value) => typeof value === 'boolean';
const isString: Check = (value) => typeof value === 'string';
const isTime: Check = (value) => typeof value === 'number' && Number.isFinite(value);

// The fields the foundation issue requires of every line (README, "Reading the report").
const REQUIRED: Readonly<Record<string, { readonly test: Check; readonly expected: string }>> = {
  action: { test: (value) => (ACTIONS as readonly unknown[]).includes(value), expected: '"submit" or "observe"' },
  request: { test: () => true, expected: 'any JSON value' },
  exitCode: { test: (value) => value === null || Number.isInteger(value), expected: 'an integer or null' },
  signal: { test: (value) => value === null || typeof value === 'string', expected: 'a string or null' },
  timedOut: { test: isBoolean, expected: 'a boolean' },
  stdout: { test: isString, expected: 'a string' },
  stdoutTruncated: { test: isBoolean, expected: 'a boolean' },
  startedAt: { test: isTime, expected: 'a finite number (ms since epoch)' },
  endedAt: { test: isTime, expected: 'a finite number (ms since epoch)' },
  maxOutputBytes: { test: (value) => Number.isInteger(value) && (value as number) > 0, expected: 'a positive integer' },
};
const REQUIRED_ENTRIES = Object.entries(REQUIRED);

// Fields beyond the required ones are used when present, and must then have their recorded type.
const OPTIONAL: Readonly<Record<string, { readonly test: Check; readonly expected: string }>> = {
  requestText: { test: isString, expected: 'a string' },
  stdoutInvalidUtf8: { test: isBoolean, expected: 'a boolean' },
  stderrBytes: { test: (value) => Number.isInteger(value) && (value as number) >= 0, expected: 'a nonnegative integer' },
  uncertainty: { test: (value) => value === null || (TRANSPORT_UNCERTAINTIES as readonly unknown[]).includes(value), expected: 'a transport uncertainty or null' },
};
const OPTIONAL_ENTRIES = Object.entries(OPTIONAL);

/**
 * Reads one transcript line. A line needs only the fields the foundation's
 * transcript guarantees; `uncertainty` is derived from the exit facts when the
 * line has none (timeout, output overflow, signal, missing or nonzero exit code).
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
    throw new TranscriptInputError(`line ${line} is not JSON (${error instanceof Error ? error.message : String(error)})`, line);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new TranscriptInputError(`line ${line} is not a JSON object`, line);
  }
  const fields = parsed as Record<string, unknown>;
  for (const [field, rule] of REQUIRED_ENTRIES) {
    if (!Object.hasOwn(fields, field)) throw new TranscriptInputError(`line ${line} has no field "${field}"`, line, field);
    if (!rule.test(fields[field])) throw badField(line, field, rule.expected);
  }
  for (const [field, rule] of OPTIONAL_ENTRIES) {
    if (Object.hasOwn(fields, field) && !rule.test(fields[field])) throw badField(line, field, rule.expected);
  }
  const startedAt = fields.startedAt as number;
  const endedAt = fields.endedAt as number;
  if (endedAt < startedAt) throw new TranscriptInputError(`line ${line}: endedAt ${endedAt} is before startedAt ${startedAt}`, line, 'endedAt');

  const requestText = typeof fields.requestText === 'string' ? fields.requestText : null;
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
    uncertainty: Object.hasOwn(fields, 'uncertainty') ? (fields.uncertainty as TransportUncertainty | null) : derivedUncertainty(fields),
  };
  // A masked or cut line's stdout is no longer the bytes the adapter wrote: both are skipped alike.
  const masked = (Array.isArray(fields.masked) && fields.masked.length > 0) || fields.lineCut !== undefined;
  return { line, record, request: fields.request, hasRequestText: requestText !== null, masked };
}

function badField(line: number, field: string, expected: string): TranscriptInputError {
  return new TranscriptInputError(`line ${line}: field "${field}" is not ${expected}`, line, field);
}

/** The transport's classification, rebuilt from the exit facts every line has. */
function derivedUncertainty(fields: Record<string, unknown>): TransportUncertainty | null {
  if (fields.timedOut === true) return 'timeout';
  if (fields.stdoutTruncated === true) return 'output-overflow';
  if (fields.signal !== null) return 'killed-by-signal';
  if (fields.exitCode === null) return 'spawn-failure';
  return fields.exitCode === 0 ? null : 'nonzero-exit';
}
