import { Ajv } from 'ajv';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { schemaArbitrary } from './schemaArbitrary.js';

const ajv = new Ajv({ strict: false });
const measure = {
  type: 'object',
  additionalProperties: false,
  required: ['text'],
  properties: {
    text: { type: 'string', minLength: 1, maxLength: 8, description: 'annotated' },
    unit: { enum: ['chars', 'bytes'] },
    repeat: { type: 'integer', minimum: 1, maximum: 3 },
    ratio: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
    tags: { type: 'array', items: { type: 'string', maxLength: 3 }, maxItems: 2 },
    nested: { type: 'object', required: ['on'], properties: { on: { type: 'boolean' } } },
  },
};

describe('schemaArbitrary', () => {
  it('generates objects the schema accepts, and objects it refuses', () => {
    const validate = ajv.compile(measure);
    const arbitraries = schemaArbitrary(measure);
    if (arbitraries.kind !== 'supported' || arbitraries.invalid === null) throw new Error('expected both arbitraries');
    fc.assert(
      fc.property(arbitraries.valid, (value) => validate(value) === true),
      { seed: 1, numRuns: 300 },
    );
    fc.assert(
      fc.property(arbitraries.invalid, (value) => validate(value) === false && typeof value === 'object'),
      { seed: 2, numRuns: 300 },
    );
  });

  it('has no schema-breaking input for a schema that admits every object', () => {
    const arbitraries = schemaArbitrary({ type: 'object', properties: { any: {} } });
    expect(arbitraries.kind === 'supported' && arbitraries.invalid).toBeNull();
  });

  it('names the keyword it does not support, at any depth', () => {
    expect(schemaArbitrary({ type: 'object', properties: { a: { oneOf: [{ type: 'string' }] } } })).toEqual({
      kind: 'unsupported',
      reason: 'keyword "oneOf" at #/properties/a is outside the generator\'s subset',
    });
    expect(schemaArbitrary({ $ref: 'x.json' }).kind).toBe('unsupported');
    expect(schemaArbitrary({ type: 'string' }).kind).toBe('unsupported');
  });
});
