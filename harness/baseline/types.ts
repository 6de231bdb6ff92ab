import type { ClauseId } from '../clauses.js';

/**
 * A loaded `--expected-failures` file: the clauses known to fail for this
 * adapter, bound to the file's exact text so the report says which baseline gated the run.
 * @public
 */
export interface ExpectedFailures {
  /** The file as given on the command line, resolved to an absolute path. */
  readonly file: string;
  /** Lowercase hex sha256 of the file's text (its bytes, for a UTF-8 file). */
  readonly sha256: string;
  /** The listed clause IDs, in file order, each once. */
  readonly entries: readonly ClauseId[];
}

/**
 * How a listed clause stands against the run:
 * - `expected-failure`: it FAILed, as listed; it does not fail the run.
 * - `stale-baseline`: it PASSed, so the entry is out of date; it fails the run.
 * - `unconfirmed`: no verdict either way (SKIP or INCONCLUSIVE; or any non-FAIL
 *   verdict in a shard, where only the merge can tell); reported, never failing.
 * @public
 */
export type BaselineStatus = 'expected-failure' | 'stale-baseline' | 'unconfirmed';
