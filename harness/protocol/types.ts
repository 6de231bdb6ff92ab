import type { JsonValue } from './canonicalJson.js';
import type { Digest } from './digest.js';

/** The `contract` value of every request. */
export const REQUEST_CONTRACT = 'algal.coding-operation-request.v1';
/** The `contract` value of every outcome, and the configuration's `protocol`. */
export const OUTCOME_CONTRACT = 'algal.coding-operation.v1';

/** The two commands a host may run. */
export type Action = 'submit' | 'observe';
export const ACTIONS: readonly Action[] = ['submit', 'observe'];

/** Which operation a request or outcome is about. */
export interface Binding {
  readonly operationId: string;
  readonly authorityId: string;
  readonly requestDigest: Digest;
}

/** A well-formed submit request. */
export interface SubmitRequest {
  readonly contract: typeof REQUEST_CONTRACT;
  readonly action: 'submit';
  readonly binding: Binding;
  readonly payload: JsonValue;
}

/** A well-formed observe request. */
export interface ObserveRequest {
  readonly contract: typeof REQUEST_CONTRACT;
  readonly action: 'observe';
  readonly binding: Binding;
}

/** A well-formed request. Malformed requests are plain `unknown` values. */
export type CodingOperationRequest = SubmitRequest | ObserveRequest;

/** The three outcome states. */
export type OutcomeState = 'unknown' | 'accepted' | 'terminal';
export const OUTCOME_STATES: readonly OutcomeState[] = ['unknown', 'accepted', 'terminal'];

/** Why an `unknown` outcome has no settlement authority. */
export type UnknownReason = 'missing' | 'expired' | 'unavailable' | 'unresolved';
export const UNKNOWN_REASONS: readonly UnknownReason[] = ['missing', 'expired', 'unavailable', 'unresolved'];

/** How a terminal attempt ended. */
export type TerminalOutcomeKind = 'completed' | 'failed' | 'cancelled';
export const TERMINAL_OUTCOMES: readonly TerminalOutcomeKind[] = ['completed', 'failed', 'cancelled'];

/** The only settlement value. */
export const SETTLEMENT = 'all-admitted-work-settled';

interface OutcomeCommon extends Binding {
  readonly contract: typeof OUTCOME_CONTRACT;
  readonly revision: number;
}

/** No settlement authority for the binding. */
export interface UnknownOutcome extends OutcomeCommon {
  readonly state: 'unknown';
  readonly reason: UnknownReason;
}

/** The authority durably registered this exact attempt. */
export interface AcceptedOutcome extends OutcomeCommon {
  readonly state: 'accepted';
  readonly acceptanceRef: Digest;
}

/** The terminal result of an attempt. */
export interface TerminalResult {
  readonly text: string;
  readonly digest: Digest;
  readonly length: number;
}

/** The attempt and all admitted work are settled. */
export interface TerminalOutcome extends OutcomeCommon {
  readonly state: 'terminal';
  readonly acceptanceRef: Digest;
  readonly outcome: TerminalOutcomeKind;
  readonly settlement: typeof SETTLEMENT;
  readonly result: TerminalResult;
}

/** A valid outcome: every OUT clause held. */
export type Outcome = UnknownOutcome | AcceptedOutcome | TerminalOutcome;

/** An outcome that admits the binding. */
export type AdmissionOutcome = AcceptedOutcome | TerminalOutcome;
