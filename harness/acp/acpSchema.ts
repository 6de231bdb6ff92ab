import { createRequire } from 'node:module';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';

// The ACP v1 JSON Schema as the SDK package ships it (draft 2020-12), compiled once on a strict
// instance that knows the schema's own annotation keywords and integer formats.

const require = createRequire(import.meta.url);
const acpSchemaDocument = require('@agentclientprotocol/sdk/schema/v1/schema.json') as { readonly $defs: Readonly<Record<string, AcpSchemaDefinition>> };

/** What this module reads of one definition of the schema. */
interface AcpSchemaDefinition {
  readonly properties?: Readonly<Record<string, unknown>>;
  readonly [keyword: string]: unknown;
}

const SCHEMA_ID = 'acp-v1';

const INTEGER_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  uint16: [0, 65_535],
  uint32: [0, 4_294_967_295],
  uint64: [0, Number.MAX_SAFE_INTEGER],
  int32: [-2_147_483_648, 2_147_483_647],
  int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

function buildAjv(): Ajv2020 {
  // `discriminator` stays an annotation: ajv's discriminator mode selects a oneOf branch by the tag and lets a
  // value that is no object at all (a content block sent as a bare string) through; plain oneOf refuses it.
  const ajv = new Ajv2020({ strict: true, strictTypes: false, strictTuples: false, allErrors: true });
  for (const keyword of ['discriminator', 'x-docs-ignore', 'x-deserialize-default-on-error', 'x-side', 'x-method', 'x-deserialize-skip-invalid-items', 'x-deserialize-default-on-null']) {
    ajv.addKeyword({ keyword, schemaType: ['boolean', 'string', 'object', 'array', 'number'] });
  }
  for (const [name, [min, max]] of Object.entries(INTEGER_RANGES)) {
    ajv.addFormat(name, { type: 'number', validate: (value: number) => Number.isInteger(value) && value >= min && value <= max });
  }
  ajv.addFormat('double', { type: 'number', validate: () => true });
  ajv.addFormat('uri', { type: 'string', validate: (value: string) => /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(value) });
  ajv.addSchema({ ...acpSchemaDocument, $id: SCHEMA_ID });
  return ajv;
}

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

/** The names of the schema's definitions this profile validates against. */
export type AcpDefinitionName =
  | 'InitializeResponse'
  | 'NewSessionResponse'
  | 'LoadSessionResponse'
  | 'ResumeSessionResponse'
  | 'CloseSessionResponse'
  | 'SetSessionConfigOptionResponse'
  | 'PromptResponse'
  | 'SessionNotification'
  | 'RequestPermissionRequest'
  | 'ReadTextFileRequest'
  | 'WriteTextFileRequest'
  | 'CreateTerminalRequest'
  | 'TerminalOutputRequest'
  | 'ReleaseTerminalRequest'
  | 'WaitForTerminalExitRequest'
  | 'KillTerminalRequest'
  | 'Error';

function validatorFor(name: AcpDefinitionName): ValidateFunction {
  let validate = validators.get(name);
  if (validate === undefined) {
    ajv ??= buildAjv();
    validate = ajv.getSchema(`${SCHEMA_ID}#/$defs/${name}`);
    if (validate === undefined) throw new Error(`the ACP schema has no definition ${name}`);
    validators.set(name, validate);
  }
  return validate;
}

/**
 * Validates `value` against one definition of the ACP v1 schema (each definition compiled once).
 * @param name - the schema definition, e.g. `InitializeResponse`
 * @param value - a parsed message part (a result, params)
 * @returns ajv's errors, empty when valid
 */
export function acpSchemaErrors(name: AcpDefinitionName, value: unknown): readonly ErrorObject[] {
  const validate = validatorFor(name);
  return validate(value) ? [] : [...(validate.errors ?? [])];
}

/**
 * The errors in one bounded line: `instancePath keyword message`, at most three.
 * @param errors - ajv's errors
 */
export function describeAcpSchemaErrors(errors: readonly ErrorObject[]): string {
  return errors
    .slice(0, 3)
    .map(
      (error) =>
        `${error.instancePath === '' ? '/' : error.instancePath} ${error.message ?? error.keyword}${error.keyword === 'additionalProperties' ? ` (${JSON.stringify(error.params)})` : ''}`,
    )
    .join('; ');
}

/**
 * Keys at the root of a specification object that the schema's definition does not declare
 * (extensions belong in `_meta`: ACP-NO-ROOT-EXTRAS).
 * @param name - the schema definition
 * @param value - the object as received
 */
export function rootExtras(name: AcpDefinitionName, value: unknown): readonly string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  const declared = acpSchemaDocument.$defs[name]?.properties;
  if (declared === undefined) return [];
  return Object.keys(value).filter((key) => !Object.hasOwn(declared, key));
}
