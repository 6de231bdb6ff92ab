import type { ClauseId } from '../harness/clauses.js';
import type { JsonValue } from '../harness/protocol/canonicalJson.js';
import type { Action, Binding } from '../harness/protocol/types.js';

/**
 * Which binding a malformed request is aimed at. On a `fresh` binding a lenient
 * adapter answers `unknown` anyway, so observe-shaped defects are also sent
 * against an `admitted` one (coding-operation-v1.md §4).
 */
export type DefectTarget = 'fresh' | 'admitted';

/** What a defect is built on; attached when the case runs, never generated. */
export interface DefectBase {
  /** A well-formed binding of `payload` under the configured authority (fresh, or admitted just before). */
  readonly binding: Binding;
  /** A valid payload of the run's family; `binding.requestDigest` is its canonical digest. */
  readonly payload: JsonValue;
  /** The adapter's configured authority (`binding.authorityId`). */
  readonly authorityId: string;
}

/** A malformed request ready to send. */
export interface BuiltDefect {
  /** The exact stdin text: canonical JSON of the malformed request, or raw text where JSON values cannot say it (`1e400`). */
  readonly text: string;
  /**
   * Well-formed bindings whose later observe must show no admission caused by
   * this request (for `fresh` targets): the base binding, plus any binding a
   * normalizing or recomputing adapter could have admitted instead.
   */
  readonly followUps: readonly Binding[];
}

/**
 * A recipe for one malformed request, generated without operation IDs so that
 * a seed and path replay the same case against a fresh key.
 */
export interface RequestDefect {
  /** The clause the request breaks. */
  readonly clauseId: ClauseId;
  /** Clauses the request necessarily breaks too (the host oracle may or may not report them). */
  readonly alsoCrosses: readonly ClauseId[];
  /** Clauses an admission of this request is reported under: `clauseId`, plus `alsoCrosses` where the spec attributes the case to both. */
  readonly blame: readonly ClauseId[];
  /** The action given on argv. */
  readonly argvAction: Action;
  readonly target: DefectTarget;
  /** Length the base operationId must have (e.g. 160, so that one more character crosses the bound), or null for any. */
  readonly operationIdLength: number | null;
  /** The case in words, for counterexamples. */
  describe(): string;
  /** Builds the request text on `base`. Deterministic: the same recipe and base give the same text. */
  build(base: DefectBase): BuiltDefect;
}
