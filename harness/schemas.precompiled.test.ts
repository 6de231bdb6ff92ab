import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import * as fc from 'fast-check';
import type { AnySchema, ErrorObject, ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { PRECOMPILED } from '../build/precompileSchemas.mjs';
import { smallReport } from '../reports/__test-helpers__/reportFixtures.js';
import { packageRoot } from './packageRoot.js';
import { compileSuiteSchema, lazySuiteSchema, precompiledSchemaPath, schemaDigest } from './schemas.js';

// The validators `npm run build` precompiles must be the schemas' own: compiled from
// today's text, and judging every document as the runtime compilation does.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const VALID_DOCUMENTS: Readonly<Record<string, Json>> = {
  adapterConfigSchema: JSON.parse(readFileSync(join(packageRoot, 'adapters', 'reference', 'adapter.json'), 'utf8')) as Json,
  lifecycleSchema: JSON.parse(readFileSync(join(packageRoot, 'adapters', 'reference', 'lifecycle.json'), 'utf8')) as Json,
  optionsFileSchema: { runs: 3, 'timeout-ms': 5000, strict: true, exclude: 'SEM-', out: '/abs/out' },
  reportSchema: JSON.parse(JSON.stringify(smallReport())) as Json,
};

async function sourceSchema(module: string, name: string): Promise<AnySchema & { $id: string }> {
  const loaded = (await import(join(packageRoot, module.replace(/\.js$/, '.ts')))) as Record<string, AnySchema & { $id: string }>;
  return loaded[name]!;
}

/** Every location in `document`: the path of keys to it. */
function locations(document: Json, path: readonly (string | number)[] = []): (readonly (string | number)[])[] {
  if (document === null || typeof document !== 'object') return [path];
  const children = Array.isArray(document)
    ? document.map((item, index) => locations(item, [...path, index]))
    : Object.entries(document).map(([key, value]) => locations(value, [...path, key]));
  return [path, ...children.flat()];
}

/** `document` with the value at `path` replaced (or deleted, when `value` is undefined). */
function edited(document: Json, path: readonly (string | number)[], value: Json | undefined): Json | undefined {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const copy = (Array.isArray(document) ? [...document] : { ...(document as Record<string, Json>) }) as Record<string | number, Json>;
  const child = edited(copy[head!]!, rest, value);
  if (child === undefined) delete copy[head!];
  else copy[head!] = child;
  return copy as Json;
}

/** The documents to judge: the valid one with one place changed, deleted, or given an unknown key, or any JSON value. */
function documents(valid: Json): fc.Arbitrary<Json | undefined> {
  const places = locations(valid);
  const value = fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>;
  return fc.oneof(
    fc.constant(valid),
    fc.tuple(fc.constantFrom(...places), value).map(([path, replacement]) => edited(valid, path, replacement)),
    fc.constantFrom(...places.filter((path) => path.length > 0)).map((path) => edited(valid, path, undefined)),
    fc.tuple(fc.constantFrom(...places), value).map(([path, extra]) => edited(valid, [...path, 'unknownKey'], extra)),
    value,
  );
}

function judged(validate: ValidateFunction, document: unknown): { valid: boolean; errors: unknown[] } {
  const valid = validate(document) === true;
  const errors = (validate.errors ?? []).map((error: ErrorObject) => ({
    ...error,
    parentSchema: undefined,
    schema: undefined,
    data: undefined,
    description: (error.parentSchema as { description?: string } | undefined)?.description,
  }));
  return { valid, errors: valid ? [] : errors };
}

describe('precompiled schemas (build/precompileSchemas.mjs)', () => {
  it.each(PRECOMPILED)("%s %s: built from today's schema, and lazySuiteSchema takes it", async (module, name) => {
    const schema = await sourceSchema(module, name);
    const file = precompiledSchemaPath(schema.$id);
    expect(existsSync(file), `${file} is missing: run npm run build`).toBe(true);
    const precompiled = createRequire(import.meta.url)(file) as { validate: ValidateFunction; schemaDigest: string };
    expect(precompiled.schemaDigest, `${file} was built from another version of the schema: run npm run build`).toBe(schemaDigest(schema));
    expect(lazySuiteSchema(schema)()).toBe(precompiled.validate);
  });

  it.each(PRECOMPILED)('%s %s: judges every document as the runtime compilation does, errors included', async (module, name) => {
    const schema = await sourceSchema(module, name);
    const precompiled = (createRequire(import.meta.url)(precompiledSchemaPath(schema.$id)) as { validate: ValidateFunction }).validate;
    const runtime = compileSuiteSchema(schema);
    const valid = VALID_DOCUMENTS[name]!;
    expect(judged(runtime, valid).valid).toBe(true);
    fc.assert(
      fc.property(documents(valid), (document) => {
        expect(judged(precompiled, document)).toEqual(judged(runtime, document));
      }),
      { numRuns: 300 },
    );
  });

  it('a schema edited since the build never gets the stale validator', () => {
    const file = precompiledSchemaPath('adapter-qualify/lifecycle.v1');
    const stale = (createRequire(import.meta.url)(file) as { validate: ValidateFunction }).validate;
    const edited = { $id: 'adapter-qualify/lifecycle.v1', type: 'object', description: 'edited', additionalProperties: false } as const;
    expect(lazySuiteSchema(edited)()).not.toBe(stale);
  });
});
