import type { ClauseId } from '../clauses.js';
import type { Violation } from '../violation.js';

/** What one generated case showed. */
export type CaseResult =
  | { readonly verdict: 'held'; readonly exercised?: readonly ClauseId[] }
  | { readonly verdict: 'violated'; readonly violations: readonly Violation[]; readonly exercised?: readonly ClauseId[] }
  | {
      readonly verdict: 'undecided';
      readonly reason: string;
      /**
       * Set when the case is undecided through the host's own failure (see
       * `hostFaultOf`), never the adapter's: the case is run once more, fresh,
       * and counted apart in the report.
       */
      readonly hostFault?: string;
      /**
       * Set when calls the suite raced beyond `--concurrency` missed their deadline (see
       * `contendedCase`): the suite's own load, not the adapter's answer, so the case is
       * run again, fresh, up to `CONTENDED_RERUNS` times, while the time limit allows.
       */
      readonly contended?: string;
    };
