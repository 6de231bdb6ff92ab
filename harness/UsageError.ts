import type { ClauseId } from './clauses.js';

/** What a {@link UsageError} points at; every field is optional, and an undefined one is dropped like an absent one. */
export interface UsageErrorDetails {
  /** The CFG clause the configuration breaks, when the error is about `adapter.json`. */
  readonly clauseId?: ClauseId | undefined;
  /** The command-line option at fault, spelled as on the command line (`--runs`). */
  readonly option?: string | undefined;
  /** The configuration field at fault (`executable`, `argvPrefix[3]`). */
  readonly field?: string | undefined;
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

/**
 * The message of a caught value, for an error message or a reason: an `Error`'s `message`,
 * anything else (a thrown string, a rejected non-error) as text. The one way this code base
 * reads what a `catch` caught.
 * @param error - what was caught
 * @public
 */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const MAX_SHOWN = 60;

/**
 * Renders a received value and its type for an error message: `"adapter.sh", string`,
 * `32 items, array`, `null, null`. Long strings are cut so a message stays one line.
 * Shared by every validator whose message shows what it received.
 * @public
 */
export function describeReceived(value: unknown): string {
  return `${shown(value)}, ${typeName(value)}`;
}

// `array` and `null` told apart from `object`.
function typeName(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

function shown(value: unknown): string {
  if (typeof value === 'string') return cut(JSON.stringify(value), value.length);
  if (Array.isArray(value)) return `${value.length} item${value.length === 1 ? '' : 's'}`;
  if (typeof value === 'bigint') return `${value}n`;
  if (value !== null && typeof value === 'object') return `{${Object.keys(value).length} keys}`;
  return String(value);
}

function cut(text: string, codeUnits: number): string {
  if (text.length <= MAX_SHOWN) return text;
  return `${text.slice(0, MAX_SHOWN - 1)}…" (${codeUnits} code units)`;
}
