import type { ClauseId } from '../harness/clauses.js';
import type { JsonValue } from '../harness/protocol/canonicalJson.js';
import { ACTIONS, REQUEST_CONTRACT, type Action, type Binding } from '../harness/protocol/types.js';
import * as fc from 'fast-check';
import { requestText } from '../harness/protocol/requests.js';
import { digestText } from '../harness/protocol/digest.js';

/**
 * Which binding a malformed request is aimed at. On a `fresh` binding a lenient
 * adapter answers `unknown` anyway, so observe-shaped defects are also sent
 * against an `admitted` one, where a lenient adapter would answer with the admission.
 */
export type DefectTarget = (typeof DEFECT_TARGETS)[number];

/** Every {@link DefectTarget}. */
export const DEFECT_TARGETS = ['fresh', 'admitted'] as const;

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

/** Longest rendition of a value in a case description. */
const MAX_SHOWN = 60;

/**
 * A short JSON rendition of a value for case descriptions.
 * @internal
 */
export function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length <= MAX_SHOWN ? text : `${text.slice(0, MAX_SHOWN)}… (${text.length} characters)`;
}

/**
 * `submit` or `observe`.
 * @internal
 */
export function argvAction(): fc.Arbitrary<Action> {
  return fc.constantFrom(...ACTIONS);
}

/**
 * Fresh or admitted binding, equally often.
 * @internal
 */
export function defectTarget(): fc.Arbitrary<DefectTarget> {
  return fc.constantFrom(...DEFECT_TARGETS);
}

/**
 * A fresh, mutable copy of the well-formed request of `action` on `base`,
 * ready to be broken: a payload exactly when `action` is `submit`.
 * @internal
 */
export function requestObject(action: Action, base: DefectBase): Record<string, unknown> {
  const request: Record<string, unknown> = { contract: REQUEST_CONTRACT, action, binding: { ...base.binding } };
  if (action === 'submit') request.payload = base.payload;
  return request;
}

/**
 * The canonical text of a submit of `binding` whose payload is the raw
 * `payloadText`, for payloads JSON values cannot carry (`1e400`) or that are
 * cheaper to serialize once. `payload` sorts last among the request's keys,
 * so the text stays canonical.
 * @internal
 */
export function submitTextWith(binding: Binding, payloadText: string): string {
  const envelope = requestText({ contract: REQUEST_CONTRACT, action: 'submit', binding });
  return `${envelope.slice(0, -1)},"payload":${payloadText}}`;
}

/** The parts of a defect recipe; the rest defaults. */
export interface DefectParts {
  readonly clauseId: ClauseId;
  readonly alsoCrosses?: readonly ClauseId[];
  /** Whether an admission is also reported under `alsoCrosses`. @defaultValue false */
  readonly sharedBlame?: boolean;
  readonly argvAction: Action;
  readonly target: DefectTarget;
  readonly operationIdLength?: number | null;
  /** What was done to the request, without the argv action or target (added here). */
  readonly what: string;
  readonly build: (base: DefectBase) => BuiltDefect;
}

/**
 * Assembles a `RequestDefect` from its parts.
 * @internal
 */
export function defect(parts: DefectParts): RequestDefect {
  const alsoCrosses = parts.alsoCrosses ?? [];
  const description = `argv ${parts.argvAction}: ${parts.what}, against a ${parts.target} binding`;
  return {
    clauseId: parts.clauseId,
    alsoCrosses,
    blame: parts.sharedBlame === true ? [parts.clauseId, ...alsoCrosses] : [parts.clauseId],
    argvAction: parts.argvAction,
    target: parts.target,
    operationIdLength: parts.operationIdLength ?? null,
    describe: () => description,
    build: parts.build,
    // fast-check prints values with toString when it reports a counterexample.
    toString: () => description,
  } as RequestDefect;
}

/** A payload that crosses a bound, as text. */
export interface BoundCrossing {
  readonly clauseId: ClauseId;
  /** Clauses the payload necessarily crosses too; an admission is reported under them as well. */
  readonly alsoCrosses?: readonly ClauseId[];
  /** What the payload is, in words. */
  readonly what: string;
  /** The payload text: canonical JSON, or raw text where JSON values cannot say it. Built only when the case runs. */
  readonly payloadText: () => string;
  /**
   * The text whose `digestText` becomes the requestDigest, from the payload text.
   * @defaultValue the payload text itself
   */
  readonly digested?: (payloadText: string) => string;
}

/**
 * A fresh submit of an over-bound payload. Its digest is `digestText` of the
 * payload text by default — the canonical digest wherever one is defined — so
 * nothing but the bound is wrong with it.
 * @internal
 */
export function boundDefect(crossing: BoundCrossing): RequestDefect {
  return defect({
    clauseId: crossing.clauseId,
    ...(crossing.alsoCrosses === undefined ? {} : { alsoCrosses: crossing.alsoCrosses, sharedBlame: true }),
    argvAction: 'submit',
    target: 'fresh',
    what: `submit of ${crossing.what}`,
    build: (base) => {
      const text = crossing.payloadText();
      const binding = { ...base.binding, requestDigest: digestText(crossing.digested?.(text) ?? text) };
      return { text: submitTextWith(binding, text), followUps: [binding] };
    },
  });
}
