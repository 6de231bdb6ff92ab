import { isClauseId, type ClauseId } from '../clauses.js';

/**
 * The clause IDs a test name starts with (`SEM-A, SEM-B: what it checks`).
 * Enforced, so every conformance test is found by its clause ID.
 */
export function declaredClauses(name: string): ClauseId[] {
  const head = name.split(':', 1)[0] ?? '';
  const ids = head.split(',').map((part) => part.trim());
  const unknown = ids.filter((id) => !isClauseId(id));
  if (unknown.length > 0) {
    throw new Error(`conformance test names start with their clause IDs ("REQ-CLOSED: …"); got ${JSON.stringify(name)}`);
  }
  return ids as ClauseId[];
}
