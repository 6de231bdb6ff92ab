import { Ajv, type ValidateFunction } from 'ajv';
import coverageSchema from './coverage.schema.json' with { type: 'json' };
import manifestSchema from './manifest.schema.json' with { type: 'json' };
import catalogSchema from './tool-catalog.schema.json' with { type: 'json' };

// One strict instance, each schema compiled once at module load (style.md §4, §7).
const ajv = new Ajv({ strict: true, allErrors: true, allowUnionTypes: true });

function compiled(key: string): ValidateFunction {
  const validate = ajv.getSchema(key);
  if (validate === undefined) throw new Error(`manifestSchemas: ${key} did not compile`);
  return validate;
}

ajv.addSchema(catalogSchema);

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
  manifest: ajv.compile(manifestSchema),
  catalog: compiled(catalogSchema.$id),
  tool: compiled(`${catalogSchema.$id}#/definitions/tool`),
  coverage: ajv.compile(coverageSchema),
});
