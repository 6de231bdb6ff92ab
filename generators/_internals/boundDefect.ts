import type { ClauseId } from '../../harness/clauses.js';
import { digestText } from '../../harness/protocol/digest.js';
import type { RequestDefect } from '../RequestDefect.js';
import { defect } from './defect.js';
import { submitTextWith } from './submitTextWith.js';

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
