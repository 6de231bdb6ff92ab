import type { ClauseId } from '../clauses.js';
import type { Action, CodingOperationRequest } from '../protocol/types.js';
import type { Violation } from '../violation.js';
import type { CallRecord } from './callRecord.js';
import type { CallBounds } from './types.js';

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
