import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Ajv, AnySchema, ValidateFunction } from 'ajv';
import { packageRoot } from './packageRoot.js';

// Ajv (a CommonJS package) is loaded when the first schema is compiled, not with this module: a suite
// worker that imports a module with a schema but validates nothing never loads it.
function ajvClass(): typeof Ajv {
  return (createRequire(import.meta.url)('ajv') as { Ajv: typeof Ajv }).Ajv;
}

/**
 * The options of {@link suiteAjv}, also those of the build's standalone compilation (which adds `code.source`).
 * @internal
 */
export const SUITE_AJV_OPTIONS = { strict: true, allErrors: true, verbose: true, allowUnionTypes: true } as const;

let suiteInstance: Ajv | undefined;

/**
 * The one Ajv instance for the suite's own schemas (the report, the self-check
 * report, the manifest profile's published schemas, `adapter.json`, the
 * lifecycle and options files). Strict, so a typo in one of our schemas fails
 * at load rather than silently accepting everything. `allErrors` lets a
 * message name every problem; callers that report only one take the first,
 * which is the one a stop-at-first-error run would have found. `verbose` puts
 * the failing subschema in each error, so a subschema's `description` can be
 * the message. `allowUnionTypes` admits `type: [...]` in the manifest schemas.
 * Made at the first use.
 */
function suiteAjv(): Ajv {
  suiteInstance ??= new (ajvClass())(SUITE_AJV_OPTIONS);
  return suiteInstance;
}

/**
 * Compiles one of the suite's own schemas on the shared strict instance, once:
 * a schema with an `$id` already compiled (by another module loading the same
 * file) gets the same validator back instead of a duplicate-id error.
 * Call it at module load (or through {@link lazySuiteSchema}), never inside a loop or a property.
 * @param schema - the schema object (a JSON import or a constant).
 * @returns the compiled validator.
 * @throws Error when the schema breaks strict mode: a bug in the suite, not in an adapter.
 * @public
 */
export function compileSuiteSchema(schema: AnySchema): ValidateFunction {
  const id = typeof schema === 'object' && typeof (schema as { $id?: unknown }).$id === 'string' ? (schema as { $id: string }).$id : undefined;
  const known = id === undefined ? undefined : suiteAjv().getSchema(id);
  return known ?? suiteAjv().compile(schema);
}

/** Where `npm run build` writes the validators it precompiled (`build/precompileSchemas.mjs`). */
export const PRECOMPILED_SCHEMA_DIR = join(packageRoot, 'dist', 'schemas');

/** A precompiled validator module: the validator, and the digest of the schema it was compiled from. */
interface PrecompiledSchema {
  readonly validate: ValidateFunction;
  readonly schemaDigest: string;
}

/**
 * The file of the validator precompiled for the schema with `$id` `id`.
 * @param id - the schema's `$id`
 * @returns an absolute path under {@link PRECOMPILED_SCHEMA_DIR}
 * @public
 */
export function precompiledSchemaPath(id: string): string {
  return join(PRECOMPILED_SCHEMA_DIR, `${id.replace(/[^A-Za-z0-9.]+/g, '-')}.cjs`);
}

/**
 * What ties a precompiled validator to its schema: the SHA-256 of the schema's JSON text.
 * @param schema - the schema object
 * @public
 */
export function schemaDigest(schema: AnySchema): string {
  return createHash('sha256').update(JSON.stringify(schema)).digest('hex');
}

/** The validator precompiled for `schema`, or null when there is none or it was compiled from another text (a source edit since the build). */
function precompiledValidator(schema: AnySchema): ValidateFunction | null {
  const id = typeof schema === 'object' ? (schema as { $id?: unknown }).$id : undefined;
  if (typeof id !== 'string') return null;
  let loaded: PrecompiledSchema;
  try {
    loaded = createRequire(import.meta.url)(precompiledSchemaPath(id)) as PrecompiledSchema;
  } catch {
    return null;
  }
  return loaded.schemaDigest === schemaDigest(schema) ? loaded.validate : null;
}

/**
 * {@link compileSuiteSchema}, deferred to the first validation: a module that
 * validates only now and then (the report, a run's options file) no longer
 * compiles its schema while the CLI starts, nor in every suite worker that
 * imports it. A schema that breaks strict mode then throws at its first use
 * (the schemas' own tests validate each one).
 *
 * When the build precompiled the schema (an `$id` listed in
 * `build/precompileSchemas.mjs`), the first use loads that validator instead:
 * the same options, compiled by Ajv's standalone code generation, without
 * loading Ajv or compiling (about 0.1 s of a run's start-up, and as much when the
 * report is validated). It is taken only when it was compiled from exactly this
 * schema; otherwise the schema is compiled here, as before.
 * @param schema - the schema object (a JSON import or a constant).
 * @returns a function giving the validator, found or compiled on its first call only.
 * @public
 */
export function lazySuiteSchema(schema: AnySchema): () => ValidateFunction {
  let compiled: ValidateFunction | undefined;
  return () => (compiled ??= precompiledValidator(schema) ?? compileSuiteSchema(schema));
}

/**
 * Adds a schema to the shared strict instance without compiling a validator for it
 * yet, so that `$ref`s and fragment keys (`<$id>#/definitions/x`) resolve.
 * @param schema - a schema object with an `$id`.
 * @returns a validator by key (`$id` or `$id#/pointer`).
 * @public
 */
export function suiteSchemaByKey(schema: AnySchema & { readonly $id: string }, key: string = schema.$id): ValidateFunction {
  if (suiteAjv().getSchema(schema.$id) === undefined) suiteAjv().addSchema(schema);
  const validate = suiteAjv().getSchema(key);
  if (validate === undefined) throw new Error(`schemas: ${key} did not compile`);
  return validate;
}

/**
 * A fresh permissive Ajv instance for schemas an adapter supplies (a tool
 * catalog's input and output schemas): not strict, since an adapter's schema
 * may use keywords and formats we do not know, and that is no fault of ours;
 * formats are not validated for the same reason. A fresh instance per adapter,
 * because each adapter's files are added under their own ids and must never
 * meet another adapter's (self-check qualifies many in one process).
 * @returns a new instance with the permissive options.
 * @public
 */
export function adapterSchemaAjv(): Ajv {
  return new (ajvClass())({ strict: false, allErrors: true, validateFormats: false });
}
