import type { ClauseId } from './clauses.js';

/**
 * One broken clause, as data (in the manner of ajv's `ErrorObject`).
 * Checkers return these; they never throw for an adapter's fault.
 */
export interface Violation {
  readonly clauseId: ClauseId;
  /** One line saying what broke, for summaries. */
  readonly message: string;
  /** JSON pointer into the offending document, when there is one. */
  readonly instancePath?: string;
  /** Small JSON-serializable facts that explain the violation. */
  readonly details?: Readonly<Record<string, unknown>>;
}

/** Builds a violation record. */
export function violation(clauseId: ClauseId, message: string, extra: Omit<Violation, 'clauseId' | 'message'> = {}): Violation {
  return { clauseId, message, ...extra };
}
