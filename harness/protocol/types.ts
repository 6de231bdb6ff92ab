import type { JsonValue } from './canonicalJson.js';
import type { Digest } from './digest.js';

/** The `contract` value of every request. */
export const REQUEST_CONTRACT = 'algal.coding-operation-request.v1';
/** The `contract` value of every outcome, and the configuration's `protocol`. */
export const OUTCOME_CONTRACT = 'algal.coding-operation.v1';

/** The two commands a host may run. */
export const ACTIONS = ['submit', 'observe'] as const;
/** One of {@link ACTIONS}. */
export type Action = (typeof ACTIONS)[number];

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
export const OUTCOME_STATES = ['unknown', 'accepted', 'terminal'] as const;
/** One of {@link OUTCOME_STATES}. */
export type OutcomeState = (typeof OUTCOME_STATES)[number];

/** Why an `unknown` outcome has no settlement authority. */
export const UNKNOWN_REASONS = ['missing', 'expired', 'unavailable', 'unresolved'] as const;
/** One of {@link UNKNOWN_REASONS}. */
export type UnknownReason = (typeof UNKNOWN_REASONS)[number];

/** How a terminal attempt ended. */
export const TERMINAL_OUTCOMES = ['completed', 'failed', 'cancelled'] as const;
/** One of {@link TERMINAL_OUTCOMES}. */
export type TerminalOutcomeKind = (typeof TERMINAL_OUTCOMES)[number];

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

/** The identity pattern shared by operationId, authorityId and the configuration's authorityId. */
export const IDENTITY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,159}$/;

/** Longest identity the protocol admits. */
export const IDENTITY_MAX_LENGTH = 160;

/** Whether `value` is a protocol identity (1–160 ASCII characters of the identity alphabet). */
export function isIdentity(value: unknown): value is string {
  return typeof value === 'string' && IDENTITY_PATTERN.test(value);
}

/** Numeric bounds of `algal.coding-operation.v1`, in one place. */
export const limits = Object.freeze({
  /** Canonical request, UTF-8 bytes (REQ-BOUND-REQUEST). */
  maxRequestBytes: 1_048_576,
  /** Payload depth; the root is depth 0 (REQ-BOUND-DEPTH). */
  maxDepth: 16,
  /** Visited values, root included (REQ-BOUND-VALUES). */
  maxValues: 16_384,
  /** Entries of one array (REQ-BOUND-ARRAY). */
  maxArrayEntries: 256,
  /** Entries of one object (REQ-BOUND-OBJECT). */
  maxObjectEntries: 64,
  /** UTF-8 bytes of one object key (REQ-BOUND-KEY). */
  maxKeyBytes: 256,
  /** Aggregate string+key bytes, and canonical payload bytes (REQ-BOUND-BYTES). */
  maxPayloadBytes: 1_048_576,
  /** Host deadline range in ms (WIRE-DEADLINE). */
  minDeadlineMs: 1,
  maxDeadlineMs: 600_000,
  /** Host output bound range in bytes (WIRE-STDOUT-CAP). */
  minOutputBytes: 1_024,
  maxOutputBytes: 1_048_576,
  /** stderr cap in bytes (WIRE-STDERR-CAP). */
  maxStderrBytes: 65_536,
  /** Outcome without result.text, canonical bytes (OUT-PROOF-SIZE). */
  maxProofBytes: 4_096,
  /** Largest revision (OUT-REVISION). */
  maxRevision: 2_147_483_647,
  /** Adapter configuration bounds (CFG-*). */
  maxExecutableBytes: 4_096,
  maxArgvItems: 31,
  maxArgvItemBytes: 4_096,
  maxArgvTotalBytes: 16_384,
});
