/**
 * The ledger holds a record this adapter cannot read or parse. The adapter
 * exits 1: it never re-admits over, or guesses around, a record it cannot read.
 */
export class LedgerError extends Error {
  override readonly name = 'LedgerError' as const;

  /**
   * @param message - what could not be read
   * @param path - the record's path
   */
  constructor(
    message: string,
    readonly path: string,
    options?: { cause?: unknown },
  ) {
    super(`${message}: ${path}`, options);
  }
}
