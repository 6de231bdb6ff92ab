import type { ClauseId } from './clauses.js';

/** What a {@link UsageError} points at; every field is optional and dropped when absent. */
export interface UsageErrorDetails {
  /** The CFG clause the configuration breaks, when the error is about `adapter.json`. */
  readonly clauseId?: ClauseId;
  /** The command-line option at fault, spelled as on the command line (`--runs`). */
  readonly option?: string;
  /** The configuration field at fault (`executable`, `argvPrefix[3]`). */
  readonly field?: string;
  /** The underlying error, if any (a file read failure, a RegExp syntax error). */
  readonly cause?: unknown;
}

/**
 * A usage or configuration error: the command line or `adapter.json` is wrong.
 * The CLI prints its message (one line) and exits 2; no adapter process is started.
 * @public
 */
export class UsageError extends Error {
  /** Literal, so callers can narrow without `instanceof`. */
  override readonly name = 'UsageError' as const;
  // `declare`: no own property unless the constructor sets one (absent means absent).
  /** The CFG clause broken, if the error is about the configuration. */
  declare readonly clauseId?: ClauseId;
  /** The option at fault, as spelled on the command line. */
  declare readonly option?: string;
  /** The configuration field at fault. */
  declare readonly field?: string;

  /**
   * @param message - one line naming the option or clause, the value received and its type.
   * @param details - what the error points at.
   */
  constructor(message: string, details: UsageErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    // Assign only what is present, so the key set of an error is exactly what it names.
    if (details.clauseId !== undefined) this.clauseId = details.clauseId;
    if (details.option !== undefined) this.option = details.option;
    if (details.field !== undefined) this.field = details.field;
  }
}
