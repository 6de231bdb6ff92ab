import type { JsonValue } from '../harness/protocol/canonicalJson.js';
import type { Binding } from '../harness/protocol/types.js';

/** Which bound a boundary case sits on. */
export type BoundaryBound = 'depth' | 'values' | 'array-entries' | 'object-entries' | 'key-bytes' | 'identity-length' | 'request-bytes';

/** The operation key a boundary case is built on; attached when the case runs. */
export interface BoundaryBase {
  readonly operationId: string;
  /** The adapter's configured authority. */
  readonly authorityId: string;
}

/**
 * A well-formed submit sitting exactly on one bound (REQ-BOUNDARY-ACCEPT):
 * an adapter that admits any bounded JSON payload must admit it.
 */
export interface BoundaryCase {
  readonly bound: BoundaryBound;
  /** Length the operationId must have (160 for the identity bound), or null for any. */
  readonly operationIdLength: number | null;
  /** The case in words, for counterexamples. */
  describe(): string;
  /** The binding and payload to submit. Deterministic. */
  build(base: BoundaryBase): { readonly binding: Binding; readonly payload: JsonValue };
}
