import type { Readable, Writable } from 'node:stream';
import type { Action, Binding } from '../../harness/protocol/types.js';
import type { OperationView } from './ledger/OperationView.js';

/** The numeric bounds an adapter enforces: how much stdin it reads, and the limit of each REQ-BOUND clause. */
export interface AdapterLimits {
  /** Bytes read from stdin before refusing; read no further. */
  readonly maxStdinBytes: number;
  /** Canonical request, UTF-8 bytes (REQ-BOUND-REQUEST). */
  readonly maxRequestBytes: number;
  /** Payload depth, root at 0 (REQ-BOUND-DEPTH). */
  readonly maxDepth: number;
  /** Visited values, root included (REQ-BOUND-VALUES). */
  readonly maxValues: number;
  /** Entries of one array (REQ-BOUND-ARRAY). */
  readonly maxArrayEntries: number;
  /** Entries of one object (REQ-BOUND-OBJECT). */
  readonly maxObjectEntries: number;
  /** Bytes of one object key, as `keyBytes` measures it (REQ-BOUND-KEY). */
  readonly maxKeyBytes: number;
  /** Aggregate string+key bytes, and canonical payload bytes (REQ-BOUND-BYTES). */
  readonly maxPayloadBytes: number;
}

/** A request as JSON gave it: an object, checked field by field. */
export type RawRequest = Readonly<Record<string, unknown>>;

/** What each request check may consult. */
export interface CheckContext {
  /** The action named on the command line. */
  readonly argvAction: Action;
  /** The configured authority (`--authority`), or null when none was given. */
  readonly authorityId: string | null;
  /** The behaviour being run, so checks use its predicates and limits. */
  readonly behavior: AdapterBehavior;
}

/**
 * One named check. It throws `Refusal`, or returns the request to pass on
 * (the reference returns it unchanged; a mutant may "repair" it, as lenient adapters do).
 */
export type RequestCheck = (request: RawRequest, context: CheckContext) => RawRequest;

/** The request checks, run in the order of `REQUEST_CHECK_ORDER`. */
export interface RequestChecks {
  /** REQ-CLOSED: no unknown top-level field. */
  readonly closed: RequestCheck;
  /** REQ-REQUIRED: contract, action and binding are present. */
  readonly required: RequestCheck;
  /** REQ-CONTRACT. */
  readonly contract: RequestCheck;
  /** REQ-ACTION-VALUE. */
  readonly actionValue: RequestCheck;
  /** REQ-ACTION-ARGV. */
  readonly actionArgv: RequestCheck;
  /** REQ-BINDING-CLOSED, REQ-IDENTITY, REQ-DIGEST-FORMAT. */
  readonly binding: RequestCheck;
  /** REQ-SUBMIT-PAYLOAD, REQ-OBSERVE-NO-PAYLOAD. */
  readonly payloadPresence: RequestCheck;
  /** REQ-BOUND-DEPTH … REQ-BOUND-BYTES. */
  readonly payloadBounds: RequestCheck;
  /** REQ-BOUND-REQUEST. */
  readonly requestSize: RequestCheck;
  /** REQ-PAYLOAD-DIGEST. */
  readonly payloadDigest: RequestCheck;
  /** REQ-AUTHORITY. */
  readonly authority: RequestCheck;
}

/** Where the ledger lives and when the fake provider finishes. */
export interface LedgerContext {
  /** Root directory of the ledger. */
  readonly root: string;
  /** Observes of an admitted operation after which it is terminal. */
  readonly terminalAfter: number;
}

/** The two ledger operations. Both return the operation as the ledger now holds it. */
export interface LedgerOperations {
  /** Admits the binding once (or finds its admission); refuses a rebind. */
  readonly submit: (ledger: LedgerContext, binding: Binding) => OperationView;
  /** Looks the binding up; writes nothing for an unadmitted binding. */
  readonly observe: (ledger: LedgerContext, binding: Binding) => OperationView;
}

/** An outcome object about to be printed. */
export type RenderedOutcome = Record<string, unknown>;

/**
 * Everything an adapter does, as named replaceable parts. `runAdapter` wires
 * them together; a mutant is `{...referenceBehavior, <one part>: defect}`.
 */
export interface AdapterBehavior {
  readonly limits: AdapterLimits;
  /** Decodes stdin bytes and parses JSON; throws `Refusal`. */
  readonly parseRequest: (bytes: Uint8Array) => unknown;
  readonly checks: RequestChecks;
  /** Whether a value is a protocol identity. */
  readonly isIdentity: (value: unknown) => boolean;
  /** Whether a value is a protocol digest. */
  readonly isDigest: (value: unknown) => boolean;
  /** Whether a payload number is admissible (finite). */
  readonly isAdmissibleNumber: (value: number) => boolean;
  /** Size of an object key for REQ-BOUND-KEY. */
  readonly keyBytes: (key: string) => number;
  /** Canonical JSON text of a value (digests and size bounds use it). */
  readonly canonical: (value: unknown) => string;
  readonly ledger: LedgerOperations;
  /** Builds the outcome for a binding from the ledger's view of it. */
  readonly render: (view: OperationView, binding: Binding) => RenderedOutcome;
  /** Prints the outcome; resolves to the exit code. */
  readonly emit: (outcome: RenderedOutcome, stdout: Writable) => Promise<number>;
}

/** The streams and environment of one adapter run. */
export interface AdapterIo {
  readonly stdin: Readable;
  readonly stdout: Writable;
  readonly stderr: Writable;
  readonly env: Readonly<Record<string, string | undefined>>;
}
