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
