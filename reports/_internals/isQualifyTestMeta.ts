import { isClauseId } from '../../harness/clauses.js';
import type { QualifyTestMeta } from '../../harness/evidence/types.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isOptionalString(value: unknown): boolean {
  return value === undefined || typeof value === 'string';
}

function isEvidence(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const { clauseId, cases, hostUncertain, violations, inconclusive, skipped, replay } = value;
  return (
    typeof clauseId === 'string' &&
    isClauseId(clauseId) &&
    typeof cases === 'number' &&
    Number.isSafeInteger(cases) &&
    cases >= 0 &&
    (hostUncertain === undefined || (typeof hostUncertain === 'number' && Number.isSafeInteger(hostUncertain) && hostUncertain > 0)) &&
    Array.isArray(violations) &&
    violations.every((violation) => isRecord(violation) && typeof violation['message'] === 'string') &&
    isOptionalString(inconclusive) &&
    isOptionalString(skipped) &&
    (replay === undefined || (isRecord(replay) && typeof replay['testName'] === 'string' && typeof replay['seed'] === 'number'))
  );
}

/**
 * Whether a `task.meta.qualify` value read back from a worker has the shape of
 * a {@link QualifyTestMeta}. Counterexamples are checked later, by the report schema.
 * @internal
 */
export function isQualifyTestMeta(value: unknown): value is QualifyTestMeta {
  return isRecord(value) && typeof value['testName'] === 'string' && Array.isArray(value['clauses']) && value['clauses'].every((id: unknown) => typeof id === 'string' && isClauseId(id)) && Array.isArray(value['evidence']) && value['evidence'].every(isEvidence);
}
