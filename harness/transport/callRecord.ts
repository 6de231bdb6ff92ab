import type { Action } from '../protocol/types.js';

/**
 * Every transport uncertainty, the one list that runtime checks (the
 * transcript reader, the manifest judge) derive theirs from.
 */
export const TRANSPORT_UNCERTAINTIES = [
  'pre-aborted', // aborted before dispatch: no process was started (WIRE-PREABORT)
  'timeout', // the deadline expired (WIRE-DEADLINE)
  'canceled', // the caller's signal aborted the call
  'output-overflow', // stdout passed the output bound (WIRE-STDOUT-CAP)
  'stream-failure', // reading stdout/stderr or writing stdin failed on the host's side
  'spawn-failure', // the executable could not be started
  'killed-by-signal', // the process died by a signal the suite did not send
  'nonzero-exit', // exit code other than 0
  'sdk-rejected', // SDK transport: the promise rejected (or the call threw): a refusal, like a nonzero exit
  'sdk-invalid-value', // SDK transport: resolved to a value that is neither a string nor JSON (an OUT-JSON violation)
] as const;

/**
 * Why a call gives no settlement evidence (WIRE-UNCERTAIN). `null` on a call
 * whose process exited 0 within its bounds; whether its stdout is a valid
 * outcome is decided later by the outcome parser.
 */
export type TransportUncertainty = (typeof TRANSPORT_UNCERTAINTIES)[number];

/**
 * Everything observed about one adapter process: one transcript line.
 * Text fields are capped; byte counts say how much was really produced.
 */
export interface CallRecord {
  /** Unique per call; also exported to the adapter as `ADAPTER_QUALIFY_CALL`. */
  readonly callId: string;
  /** The argv action (may differ from the JSON action in REQ-ACTION-ARGV cases). */
  readonly action: Action;
  /** The full argv, executable first: `[executable, ...argvPrefix, action]`; `['sdk:<module path>', action]` for an SDK call. */
  readonly argv: readonly string[];
  /** The exact request text written to stdin. */
  readonly requestText: string;
  /** ms since epoch, when the process was spawned (or the call was refused before dispatch). */
  readonly startedAt: number;
  /** ms since epoch, when the process and both streams had settled. */
  readonly endedAt: number;
  /** Process exit code, or null when it died by a signal or never started. */
  readonly exitCode: number | null;
  /** Terminating signal name, or null. */
  readonly signal: string | null;
  /** The deadline expired and the suite killed the process group. */
  readonly timedOut: boolean;
  /** stdout as UTF-8 text (invalid bytes replaced), at most `maxOutputBytes` bytes of it. */
  readonly stdout: string;
  /** Bytes of stdout read, up to the cap plus one. */
  readonly stdoutBytes: number;
  /** stdout passed the cap and was cut. */
  readonly stdoutTruncated: boolean;
  /** stdout was not valid UTF-8. */
  readonly stdoutInvalidUtf8: boolean;
  /** The last bytes of stderr (at most 65,536), for diagnostics only; never a result. */
  readonly stderrTail: string;
  /** stderr passed 65,536 bytes. */
  readonly stderrTruncated: boolean;
  /**
   * Bytes the process wrote to stderr in all (counted, not kept). Over 65,536
   * on a call that exits 0 breaks WIRE-STDERR-BOUND: algal's host ends such a call uncertain.
   */
  readonly stderrBytes: number;
  /** The deadline in force. */
  readonly timeoutMs: number;
  /** The output bound in force. */
  readonly maxOutputBytes: number;
  /** Why the call is uncertain at the transport level, or null. */
  readonly uncertainty: TransportUncertainty | null;
  /** Human-readable detail for `uncertainty` (spawn error text, stream error), when useful. */
  readonly uncertaintyDetail?: string;
}

/** Why the suite itself killed the process group, if it did. */
export type KillReason = 'timeout' | 'canceled' | 'output-overflow';

/** What the transport observed about one started process, as classified by {@link classifyExit}. */
export interface ExitFacts {
  /** The first reason the suite killed the group, or null. */
  readonly killReason: KillReason | null;
  /** Text of the first stream error (stdin, stdout or stderr), or null. */
  readonly streamFailure: string | null;
  /** Why a deadline hit a process that had already exited (its output was held open), or null. */
  readonly heldOpen: string | null;
  /** Exit code, or null when the process died by a signal. */
  readonly exitCode: number | null;
  /** Terminating signal, or null. */
  readonly signal: string | null;
}

/** The transport's verdict on one call (WIRE-UNCERTAIN). */
export interface ExitClassification {
  readonly uncertainty: TransportUncertainty | null;
  readonly detail: string | undefined;
}

/**
 * Classifies a finished process. Order: the suite's own kill reason first (any
 * signal then came from us), then stream failures, then a foreign signal, then
 * a nonzero exit code. Only a clean exit 0 is certain at this level.
 * @public
 */
export function classifyExit(facts: ExitFacts): ExitClassification {
  if (facts.killReason !== null) {
    return { uncertainty: facts.killReason, detail: facts.killReason === 'timeout' ? (facts.heldOpen ?? undefined) : undefined };
  }
  if (facts.streamFailure !== null) {
    return { uncertainty: 'stream-failure', detail: facts.streamFailure };
  }
  if (facts.signal !== null) {
    return { uncertainty: 'killed-by-signal', detail: `terminated by ${facts.signal}` };
  }
  if (facts.exitCode !== 0) {
    return { uncertainty: 'nonzero-exit', detail: `exit code ${String(facts.exitCode)}` };
  }
  return { uncertainty: null, detail: undefined };
}

/**
 * Whose doing an uncertain call is.
 * - `adapter`: the adapter's own answer or behaviour (a refusal, a crash, a flood): evidence about the adapter.
 * - `host`: the suite's machine or the suite itself (a stream error, a failed spawn, a cancellation,
 *   an abort): never evidence against the adapter.
 * - `deadline`: the deadline expired: a hanging adapter or a starved host look alike, so it proves nothing either way.
 */
export type UncertaintyCause = 'adapter' | 'host' | 'deadline';

/**
 * The cause of each transport uncertainty: the one table every judge consults
 * before blaming the adapter for a call that gave no evidence.
 * @public
 */
export const UNCERTAINTY_CAUSE = Object.freeze({
  'pre-aborted': 'host',
  timeout: 'deadline',
  canceled: 'host',
  'output-overflow': 'adapter',
  'stream-failure': 'host',
  'spawn-failure': 'host',
  'killed-by-signal': 'adapter',
  'nonzero-exit': 'adapter',
  'sdk-rejected': 'adapter',
  'sdk-invalid-value': 'adapter',
} as const satisfies Record<TransportUncertainty, UncertaintyCause>);

/**
 * Why `record` is uncertain through the host's own failure, with its detail
 * (`stream-failure: stdout: read EIO`), or null when the host is not to blame.
 * @param record - a finished call, or null for a call that was never made
 * @public
 */
export function hostFaultOf(record: CallRecord | null): string | null {
  if (record === null || record.uncertainty === null || UNCERTAINTY_CAUSE[record.uncertainty] !== 'host') return null;
  return record.uncertaintyDetail === undefined ? record.uncertainty : `${record.uncertainty}: ${record.uncertaintyDetail}`;
}

/** The output fields of a call that produced nothing the suite read (never started, or given up on). */
export const NO_OUTPUT = {
  stdout: '',
  stdoutBytes: 0,
  stdoutTruncated: false,
  stdoutInvalidUtf8: false,
  stderrTail: '',
  stderrTruncated: false,
  stderrBytes: 0,
} as const;

/**
 * Fixes a call record's key order and drops an undefined detail (execa's
 * result style), so every record the transport builds has one shape.
 * @internal Shared by `runAdapterCall` and `runFaultedCall`.
 */
export function orderedRecord(fields: Omit<CallRecord, 'uncertaintyDetail'> & { readonly uncertaintyDetail?: string | undefined }): CallRecord {
  const record: CallRecord = {
    callId: fields.callId,
    action: fields.action,
    argv: fields.argv,
    requestText: fields.requestText,
    startedAt: fields.startedAt,
    endedAt: fields.endedAt,
    exitCode: fields.exitCode,
    signal: fields.signal,
    timedOut: fields.timedOut,
    stdout: fields.stdout,
    stdoutBytes: fields.stdoutBytes,
    stdoutTruncated: fields.stdoutTruncated,
    stdoutInvalidUtf8: fields.stdoutInvalidUtf8,
    stderrTail: fields.stderrTail,
    stderrTruncated: fields.stderrTruncated,
    stderrBytes: fields.stderrBytes,
    timeoutMs: fields.timeoutMs,
    maxOutputBytes: fields.maxOutputBytes,
    uncertainty: fields.uncertainty,
  };
  return fields.uncertaintyDetail === undefined ? record : { ...record, uncertaintyDetail: fields.uncertaintyDetail };
}
