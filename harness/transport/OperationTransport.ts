import type { ClauseId } from '../clauses.js';
import type { Action, CodingOperationRequest } from '../protocol/types.js';
import type { Violation } from '../violation.js';
import type { CallRecord } from './callRecord.js';
import type { EnvironmentPolicy } from './containment/environment.js';

/** Which kind of subject a transport reaches: an executable (`run <adapter.json>`) or an in-process module (`run --sdk`). */
export type TransportKind = 'command' | 'sdk';

/** One call to make. */
export interface OperationCall {
  /** The argv action (for raw text it may differ from the JSON action). */
  readonly action: Action;
  /** The exact request text: written to stdin by a command transport, recorded by an SDK transport. */
  readonly requestText: string;
  /** The well-formed request `requestText` encodes, or null for raw (possibly malformed) text. */
  readonly request: CodingOperationRequest | null;
}

/** What one call produced: its transcript record, and any clause the transport itself checked on the way. */
export interface TransportResult {
  readonly record: CallRecord;
  /** Clauses this call exercised at the transport level (SDK-SHAPE, SDK-NO-MUTATION, OUT-JSON for a non-JSON value); one case each. */
  readonly checked: readonly ClauseId[];
  /** Violations of `checked` clauses found on this call. */
  readonly violations: readonly Violation[];
}

/**
 * The suites' way to reach a subject. The command transport and the SDK
 * transport are two implementations; `AdapterSession` only sees this.
 * @public
 */
export interface OperationTransport {
  readonly kind: TransportKind;
  /** Whether raw request text can be sent (false for SDK transports, which take structured requests). */
  readonly acceptsRawText: boolean;
  /**
   * Makes one call. Never rejects for anything the subject does: that becomes data in the record.
   * @throws TransportMismatchError when raw text is sent to a transport that takes structured requests only (a harness bug).
   */
  call(input: OperationCall, bounds: CallBounds): Promise<TransportResult>;
}

/** Where and how an adapter is started: the normalized adapter configuration. */
export interface CommandTarget {
  /** Absolute path of the executable (CFG-EXECUTABLE). */
  readonly executable: string;
  /** Literal arguments placed before the action (CFG-ARGV). */
  readonly argvPrefix: readonly string[];
  /** Working directory: the directory of the adapter configuration file. */
  readonly cwd: string;
  /** Extra environment for every call (the suite's scratch directory). Never recorded in reports. */
  readonly env: Readonly<Record<string, string>>;
  /** Which of the suite's own variables the adapter receives. @defaultValue the scrubbed environment, no `--pass-env` */
  readonly environment?: EnvironmentPolicy;
}

/** Bounds and cancellation for one call. All fields are required: defaults are applied once, by the caller. */
export interface CallBounds {
  /** Deadline, 1–600,000 ms (WIRE-DEADLINE). */
  readonly timeoutMs: number;
  /** Output bound, 1,024–1,048,576 bytes (WIRE-STDOUT-CAP). */
  readonly maxOutputBytes: number;
  /** Aborting it cancels the call; aborted before dispatch, no process starts (WIRE-PREABORT). */
  readonly signal: AbortSignal | undefined;
}

/** One call to make: argv action plus the exact stdin text. */
export interface CallInput {
  readonly action: Action;
  readonly requestText: string;
}

/**
 * A call the transport cannot make by construction, e.g. raw request text sent
 * through the SDK seam: a harness bug (tests that need raw text are marked not
 * applicable to SDK runs), never an adapter fault.
 * @public
 */
export class TransportMismatchError extends Error {
  override readonly name = 'TransportMismatchError' as const;
  /** The transport that refused the call. */
  readonly transport: TransportKind;

  /**
   * @param transport - the transport kind
   * @param message - what was asked of it
   */
  constructor(transport: TransportKind, message: string) {
    super(message);
    this.transport = transport;
  }
}
