import type { ErrorObject } from 'ajv';
import type { ClauseId } from '../../clauses.js';
import { violation, type Violation } from '../../violation.js';

/**
 * Maps ajv errors to violations of one clause, keeping `instancePath` (style.md §4).
 * @param prefix - a JSON pointer the errors' paths are relative to (e.g. `/tools/2`)
 * @internal
 */
export function ajvViolations(clauseId: ClauseId, errors: readonly ErrorObject[] | null | undefined, prefix = ''): Violation[] {
  return (errors ?? []).map((error) => {
    const instancePath = `${prefix}${error.instancePath}`;
    const extra = error.keyword === 'additionalProperties' ? ` (${JSON.stringify((error.params as { additionalProperty?: string }).additionalProperty)})` : '';
    return violation(clauseId, `${instancePath || '/'} ${error.message ?? error.keyword}${extra}`, {
      instancePath,
      details: { keyword: error.keyword, schemaPath: error.schemaPath },
    });
  });
}
