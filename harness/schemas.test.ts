import { describe, expect, it } from 'vitest';
import { adapterSchemaAjv, compileSuiteSchema, lazySuiteSchema, suiteSchemaByKey } from './schemas.js';

describe('compileSuiteSchema', () => {
  it('compiles a schema once: the same $id gives the same validator back', () => {
    const schema = { $id: 'test:schemas:once', type: 'object', properties: { a: { type: 'number' } }, required: ['a'] } as const;
    const first = compileSuiteSchema(schema);
    expect(compileSuiteSchema({ ...schema })).toBe(first);
    expect(first({ a: 1 })).toBe(true);
    expect(first({})).toBe(false);
  });

  it('is strict: an unknown keyword in one of our schemas is refused at compile time', () => {
    expect(() => compileSuiteSchema({ $id: 'test:schemas:typo', type: 'object', requierd: ['a'] })).toThrow(/unknown keyword/);
  });

  it('reports every error, each carrying its subschema (verbose)', () => {
    const validate = compileSuiteSchema({ $id: 'test:schemas:all', type: 'object', properties: { a: { type: 'string', description: 'a must be a string' }, b: { type: 'string' } } });
    expect(validate({ a: 1, b: 2 })).toBe(false);
    expect(validate.errors?.map((error) => error.instancePath)).toEqual(['/a', '/b']);
    expect((validate.errors?.[0]?.parentSchema as { description?: string }).description).toBe('a must be a string');
  });

  it('resolves a fragment key of an added schema', () => {
    const schema = { $id: 'test:schemas:fragment', definitions: { n: { type: 'number' } } } as const;
    const validate = suiteSchemaByKey(schema, `${schema.$id}#/definitions/n`);
    expect(validate(3)).toBe(true);
    expect(validate('3')).toBe(false);
  });
});

describe('lazySuiteSchema', () => {
  it('compiles once, at the first call, the one validator compileSuiteSchema gives', () => {
    const schema = { $id: 'test:schemas:lazy', type: 'object', properties: { a: { type: 'number' } }, required: ['a'] } as const;
    const validator = lazySuiteSchema(schema);
    const validate = validator();
    expect(validator()).toBe(validate);
    expect(compileSuiteSchema(schema)).toBe(validate);
    expect(validate({})).toBe(false);
  });

  it('compiles nothing when made, and is still strict: a schema that breaks strict mode throws at its first use', () => {
    let validator: (() => unknown) | undefined;
    expect(() => (validator = lazySuiteSchema({ $id: 'test:schemas:lazy-typo', type: 'object', requierd: ['a'] }))).not.toThrow();
    expect(validator).toThrow(/unknown keyword/);
  });
});

describe('adapterSchemaAjv', () => {
  it('accepts keywords and formats it does not know, since an adapter may use them', () => {
    const validate = adapterSchemaAjv().compile({ type: 'string', format: 'no-such-format', 'x-vendor': true });
    expect(validate('anything')).toBe(true);
  });

  it("is a fresh instance each time, so one adapter's ids never meet another's", () => {
    const schema = { $id: 'file:///adapter/a.json', type: 'string' };
    adapterSchemaAjv().addSchema(schema);
    expect(() => adapterSchemaAjv().addSchema(schema)).not.toThrow();
  });
});
