import type { ErrorObject, ValidateFunction } from 'ajv';
import type { ClauseId } from '../clauses.js';
import { compileSuiteSchema, suiteSchemaByKey } from '../schemas.js';
import { violation, type Violation } from '../violation.js';
import coverageSchema from './coverage.schema.json' with { type: 'json' };
import manifestSchema from './manifest.schema.json' with { type: 'json' };
import catalogSchema from './tool-catalog.schema.json' with { type: 'json' };

// Each schema compiled once, at module load, on the suite's strict instance: the suite's own schemas must be
// exact (a typo in one is our bug), and compiling per file or per call would cost every check.

/**
 * The compiled validators of the profile's published schemas
 * (`harness/manifest/*.schema.json`): the manifest (MAN-SCHEMA), the catalog's
 * top level (CAT-SCHEMA), one catalog tool (CAT-TOOL) and the coverage file (ACC-COVERAGE).
 * @public
 */
export const manifestSchemas: {
  readonly manifest: ValidateFunction;
  readonly catalog: ValidateFunction;
  readonly tool: ValidateFunction;
  readonly coverage: ValidateFunction;
} = Object.freeze({
  manifest: compileSuiteSchema(manifestSchema),
  catalog: suiteSchemaByKey(catalogSchema),
  tool: suiteSchemaByKey(catalogSchema, `${catalogSchema.$id}#/definitions/tool`),
  coverage: compileSuiteSchema(coverageSchema),
});

/**
 * Maps ajv errors to violations of one clause, keeping `instancePath`, so a
 * report names the place in the document and not only ajv's wording.
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
