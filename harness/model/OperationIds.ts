import { threadId } from 'node:worker_threads';
import { IDENTITY_MAX_LENGTH } from '../protocol/types.js';

/**
 * Mints operation IDs that are unique across runs (run nonce), workers (pid and
 * thread) and calls (counter). Generated cases never carry IDs themselves: the
 * ID is attached when the case runs, so replaying a seed and path reproduces
 * the same case against a fresh key. The upper-case prefix catches adapters
 * that case-fold identities.
 */
export class OperationIds {
  readonly #prefix: string;
  #counter = 0;

  constructor(runNonce: string) {
    this.#prefix = `AQ-${runNonce}-${process.pid.toString(36)}.${threadId.toString(36)}`;
  }

  /** A fresh identity; `tag` (identity characters only) helps a reader of the transcript. */
  fresh(tag = 'op'): string {
    this.#counter += 1;
    return `${this.#prefix}.${tag}.${this.#counter.toString(36)}`;
  }

  /** A fresh identity of exactly `length` characters (for identity-boundary cases). */
  freshOfLength(length: number): string {
    if (length > IDENTITY_MAX_LENGTH) throw new RangeError(`identity length ${length} exceeds ${IDENTITY_MAX_LENGTH}`);
    const base = this.fresh('len');
    if (base.length > length) throw new RangeError(`identity length ${length} is shorter than a unique prefix (${base.length})`);
    // Not a base-36 digit: padding `…1` must never equal the unpadded `…1x` of a later counter.
    return base.padEnd(length, '_');
  }
}
