import type { ClauseId } from '../clauses.js';

/** The folder of a report directory holding one stored case per FAIL. */
export const FAILURES_DIR = 'failures';

/**
 * The file name of a clause's stored case inside {@link FAILURES_DIR}.
 * @param clauseId - the failed clause
 * @public
 */
export function failureCaseFile(clauseId: ClauseId): string {
  return `${clauseId}.json`;
}
