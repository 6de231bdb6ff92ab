import * as fc from 'fast-check';
import { isJsonObject } from '../harness/protocol/jsonValues.js';

/** A JSON Schema as a catalog holds it (an object, or `true`/`false`). */
type Schema = boolean | Readonly<Record<string, unknown>>;

/** What {@link schemaArbitrary} can do for one tool input schema. */
export type SchemaArbitraries =
  | {
      readonly kind: 'supported';
      /** JSON objects the schema accepts (the caller still checks each with ajv). */
      readonly valid: fc.Arbitrary<unknown>;
      /** JSON objects the schema refuses, or null when the schema admits every object the generator can vary. */
      readonly invalid: fc.Arbitrary<unknown> | null;
    }
  | { readonly kind: 'unsupported'; readonly reason: string };

/** Keywords that only annotate: ignored by generation. */
const ANNOTATIONS = new Set(['$schema', '$id', '$comment', 'title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly']);
/** The validation keywords the generator understands: the subset docs/adapter-manifest.md names. */
const VALIDATION = new Set([
  'type',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'items',
  'minItems',
  'maxItems',
]);
const TYPES = new Set(['object', 'array', 'string', 'integer', 'number', 'boolean', 'null']);
/** One value of each JSON type, for wrong-type defects. */
const TYPE_SAMPLES: readonly unknown[] = [null, true, 0, 1.5, 'x', [], {}];
/** How many items an array gets past its minimum when `maxItems` is absent. */
const EXTRA_ITEMS = 3;
/** How much longer than `maxLength` a too-long string gets. */
const EXTRA_CHARS = 8;

/**
 * Builds fast-check arbitraries for the inputs of one tool from its
 * `inputSchema`: valid JSON objects (for TRN-OK / TRN-OUTPUT-SCHEMA) and
 * objects that break the schema in one place (for TRN-INPUT-REFUSED): a missing
 * required property, an unknown property under `additionalProperties: false`,
 * or one property (at any depth) of the wrong type, outside its enum/const, past
 * a bound or too long/short.
 *
 * The subset: `type` (one name), `enum`, `const`, `properties`, `required`,
 * `additionalProperties` (boolean), `minimum`, `maximum`, `exclusiveMinimum`,
 * `exclusiveMaximum` (numbers), `minLength`, `maxLength`, `pattern`, `items`
 * (one schema), `minItems`, `maxItems`, plus annotations. The root must describe
 * an object (`type: "object"`, or `{}`/`true`). Anything else is `unsupported`,
 * with the keyword named.
 * @param schema - the tool's inputSchema
 * @public
 */
export function schemaArbitrary(schema: unknown): SchemaArbitraries {
  const problem = unsupportedIn(schema, '#');
  if (problem !== null) return { kind: 'unsupported', reason: problem };
  const root = schema as Schema;
  if (root === true || (typeof root === 'object' && Object.keys(root).every((key) => ANNOTATIONS.has(key)))) {
    return { kind: 'supported', valid: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }), invalid: null };
  }
  if (root === false || root.type !== 'object') {
    return { kind: 'unsupported', reason: 'the inputSchema root is not `type: "object"` (the transport sends a JSON object)' };
  }
  const defects = objectDefects(root);
  return { kind: 'supported', valid: validValue(root), invalid: defects.length === 0 ? null : fc.oneof(...defects) };
}

/** The first keyword or form outside the subset, as a reason, or null. */
function unsupportedIn(schema: unknown, at: string): string | null {
  if (typeof schema === 'boolean') return schema ? null : `${at} is the schema false`;
  if (!isJsonObject(schema)) return `${at} is not a schema object`;
  const record = schema as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!ANNOTATIONS.has(key) && !VALIDATION.has(key)) return `keyword ${JSON.stringify(key)} at ${at} is outside the generator's subset`;
  }
  if ('type' in record && !(typeof record.type === 'string' && TYPES.has(record.type))) return `type at ${at} is not one type name`;
  if ('additionalProperties' in record && typeof record.additionalProperties !== 'boolean') return `additionalProperties at ${at} is not a boolean`;
  if ('enum' in record && !(Array.isArray(record.enum) && record.enum.length > 0)) return `enum at ${at} is not a non-empty array`;
  if ('required' in record && !(Array.isArray(record.required) && record.required.every((name) => typeof name === 'string'))) return `required at ${at} is not a list of names`;
  for (const key of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems']) {
    if (key in record && typeof record[key] !== 'number') return `${key} at ${at} is not a number`;
  }
  if ('pattern' in record) {
    try {
      new RegExp(String(record.pattern), 'u');
    } catch {
      return `pattern at ${at} is not a JavaScript regular expression`;
    }
  }
  if ('items' in record) {
    const problem = unsupportedIn(record.items, `${at}/items`);
    if (problem !== null) return problem;
  }
  if ('properties' in record) {
    if (typeof record.properties !== 'object' || record.properties === null) return `properties at ${at} is not an object`;
    for (const [name, child] of Object.entries(record.properties)) {
      const problem = unsupportedIn(child, `${at}/properties/${name}`);
      if (problem !== null) return problem;
    }
  }
  return null;
}

type Record_ = Readonly<Record<string, unknown>>;

function num(schema: Record_, key: string): number | undefined {
  const value = schema[key];
  return typeof value === 'number' ? value : undefined;
}

function propertiesOf(schema: Record_): Readonly<Record<string, Schema>> {
  return (schema.properties ?? {}) as Readonly<Record<string, Schema>>;
}

function requiredOf(schema: Record_): readonly string[] {
  return (schema.required ?? []) as readonly string[];
}

/** Values the schema accepts (bounds that contradict each other are the ajv oracle's to catch). */
function validValue(schema: Schema): fc.Arbitrary<unknown> {
  if (typeof schema === 'boolean') return fc.jsonValue({ maxDepth: 2 });
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  switch (schema.type) {
    case 'object': {
      const properties = propertiesOf(schema);
      const required = requiredOf(schema);
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, child] of Object.entries(properties)) model[name] = validValue(child);
      for (const name of required) model[name] ??= fc.jsonValue({ maxDepth: 1 });
      return fc.record(model, { requiredKeys: [...required] });
    }
    case 'array': {
      const minLength = num(schema, 'minItems') ?? 0;
      const maxLength = num(schema, 'maxItems') ?? minLength + EXTRA_ITEMS;
      return fc.array(validValue((schema.items ?? true) as Schema), { minLength, maxLength });
    }
    case 'string': {
      if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern, 'u'));
      const minLength = num(schema, 'minLength') ?? 0;
      return fc.string({ minLength, maxLength: num(schema, 'maxLength') ?? minLength + EXTRA_CHARS });
    }
    case 'integer': {
      const min = Math.ceil(Math.max(num(schema, 'minimum') ?? -(2 ** 31), (num(schema, 'exclusiveMinimum') ?? -Infinity) + 1));
      const max = Math.floor(Math.min(num(schema, 'maximum') ?? 2 ** 31, (num(schema, 'exclusiveMaximum') ?? Infinity) - 1));
      return fc.integer({ min, max });
    }
    case 'number':
      return fc.double({
        noNaN: true,
        noDefaultInfinity: true,
        ...boundOf(schema, 'minimum', 'exclusiveMinimum', 'min', 'minExcluded'),
        ...boundOf(schema, 'maximum', 'exclusiveMaximum', 'max', 'maxExcluded'),
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function boundOf(schema: Record_, inclusive: string, exclusive: string, key: 'min' | 'max', excludedKey: 'minExcluded' | 'maxExcluded'): Record<string, number | boolean> {
  const exclusiveBound = num(schema, exclusive);
  if (exclusiveBound !== undefined) return { [key]: exclusiveBound, [excludedKey]: true };
  const inclusiveBound = num(schema, inclusive);
  return inclusiveBound === undefined ? {} : { [key]: inclusiveBound };
}

/** Objects breaking an object schema in exactly one place. */
function objectDefects(schema: Record_): fc.Arbitrary<unknown>[] {
  const valid = validValue(schema) as fc.Arbitrary<Record<string, unknown>>;
  const properties = propertiesOf(schema);
  const required = requiredOf(schema);
  const defects: fc.Arbitrary<unknown>[] = [];
  if (required.length > 0) {
    defects.push(
      fc.tuple(valid, fc.constantFrom(...required)).map(([value, name]) => {
        const copy = { ...value };
        delete copy[name];
        return copy;
      }),
    );
  }
  if (schema.additionalProperties === false) {
    defects.push(
      fc.tuple(valid, fc.string({ minLength: 1, maxLength: 6 })).map(([value, suffix]) => {
        let name = `unknown-${suffix}`;
        while (Object.hasOwn(properties, name)) name += '_';
        return { ...value, [name]: true };
      }),
    );
  }
  for (const [name, child] of Object.entries(properties)) {
    const childDefects = valueDefects(child);
    if (childDefects.length === 0) continue;
    defects.push(fc.tuple(valid, fc.oneof(...childDefects)).map(([value, broken]) => ({ ...value, [name]: broken })));
  }
  return defects;
}

/** Values breaking a schema at this position (any JSON type allowed). */
function valueDefects(schema: Schema): fc.Arbitrary<unknown>[] {
  if (typeof schema === 'boolean') return [];
  const defects: fc.Arbitrary<unknown>[] = [];
  const type = schema.type;
  if (typeof type === 'string') {
    const wrong = TYPE_SAMPLES.filter((sample) => !hasType(sample, type));
    if (wrong.length > 0) defects.push(fc.constantFrom(...wrong));
  }
  const allowed = Array.isArray(schema.enum) ? (schema.enum as unknown[]) : 'const' in schema ? [schema.const] : null;
  if (allowed !== null) {
    const outside = [...TYPE_SAMPLES, 'not-listed', -987_654].filter((sample) => !allowed.some((member) => sameJson(member, sample)));
    if (outside.length > 0) defects.push(fc.constantFrom(...outside));
  }
  const minLength = num(schema, 'minLength');
  if (minLength !== undefined && minLength > 0) defects.push(fc.string({ maxLength: minLength - 1 }));
  const maxLength = num(schema, 'maxLength');
  if (maxLength !== undefined) defects.push(fc.string({ minLength: maxLength + 1, maxLength: maxLength + EXTRA_CHARS }));
  const integer = type === 'integer';
  const below = num(schema, 'exclusiveMinimum') ?? (num(schema, 'minimum') ?? NaN) - (integer ? 1 : 0.5);
  if (!Number.isNaN(below)) defects.push(integer ? fc.integer({ min: Math.floor(below) - 100, max: Math.floor(below) }) : fc.constant(below));
  const above = num(schema, 'exclusiveMaximum') ?? (num(schema, 'maximum') ?? NaN) + (integer ? 1 : 0.5);
  if (!Number.isNaN(above)) defects.push(integer ? fc.integer({ min: Math.ceil(above), max: Math.ceil(above) + 100 }) : fc.constant(above));
  if (type === 'array') {
    const items = (schema.items ?? true) as Schema;
    const minItems = num(schema, 'minItems');
    if (minItems !== undefined && minItems > 0) defects.push(fc.array(validValue(items), { maxLength: minItems - 1 }));
    const maxItems = num(schema, 'maxItems');
    if (maxItems !== undefined) defects.push(fc.array(validValue(items), { minLength: maxItems + 1, maxLength: maxItems + EXTRA_ITEMS }));
    const itemDefects = valueDefects(items);
    if (itemDefects.length > 0) defects.push(fc.oneof(...itemDefects).map((broken) => [broken]));
  }
  if (type === 'object') defects.push(...objectDefects(schema));
  return defects;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'object':
      return isJsonObject(value);
    case 'array':
      return Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'null':
      return value === null;
    default:
      return typeof value === type;
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
