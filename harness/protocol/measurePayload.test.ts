import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonicalJson.js';
import { measurePayload } from './measurePayload.js';

function nestedArrays(levels: number, inner: unknown): unknown {
  let value = inner;
  for (let index = 0; index < levels; index += 1) value = [value];
  return value;
}

describe('measurePayload', () => {
  it('measures a scalar root at depth 0 with one value', () => {
    expect(measurePayload(7)).toStrictEqual({
      depth: 0,
      values: 1,
      maxArrayEntries: 0,
      maxObjectEntries: 0,
      maxKeyBytes: 0,
      aggregateBytes: 0,
      canonicalBytes: 1,
      nonFinite: false,
    });
  });

  it('counts depth the reference way: a scalar in 16 arrays is 16, an empty array in 17 arrays is 17', () => {
    expect(measurePayload(nestedArrays(16, 0)).depth).toBe(16);
    expect(measurePayload(nestedArrays(17, 0)).depth).toBe(17);
    expect(measurePayload(nestedArrays(17, [])).depth).toBe(17);
    expect(measurePayload(nestedArrays(16, [])).depth).toBe(16);
    expect(measurePayload({ a: { b: 'x' } }).depth).toBe(2);
  });

  it('counts every value once, root included, keys not included', () => {
    expect(measurePayload({ a: 1, b: [true, null, 'x'] }).values).toBe(6);
    expect(measurePayload([]).values).toBe(1);
  });

  it('reports the largest array and object and the longest key in UTF-8 bytes', () => {
    const key = 'é'.repeat(3); // 6 bytes, 3 code units
    const measure = measurePayload({ [key]: [1, 2, 3], b: { c: [1, 2, 3, 4, 5] }, d: 1 });
    expect(measure.maxArrayEntries).toBe(5);
    expect(measure.maxObjectEntries).toBe(3);
    expect(measure.maxKeyBytes).toBe(6);
    expect(measurePayload({ ['€'.repeat(86)]: 1 }).maxKeyBytes).toBe(258);
  });

  it('adds the UTF-8 bytes of every string value and key; a lone surrogate counts as Buffer counts it', () => {
    expect(measurePayload({ ab: 'cde', f: ['€', 1] }).aggregateBytes).toBe(2 + 3 + 1 + 3);
    expect(measurePayload('\ud800').aggregateBytes).toBe(3);
    expect(measurePayload('\ud83d\ude00').aggregateBytes).toBe(4);
  });

  it('flags non-finite numbers and counts them as null in canonical bytes', () => {
    const measure = measurePayload([1, Infinity]);
    expect(measure.nonFinite).toBe(true);
    expect(measure.canonicalBytes).toBe('[1,null]'.length);
    expect(measurePayload([NaN]).nonFinite).toBe(true);
    expect(measurePayload([1e308]).nonFinite).toBe(false);
  });

  it('counts canonical bytes equal to the canonical text for arbitrary JSON', () => {
    const key = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)) });
    const value = fc.oneof(fc.jsonValue(), fc.dictionary(key, fc.jsonValue({ maxDepth: 2 })));
    fc.assert(
      fc.property(value, (json) => {
        expect(measurePayload(json).canonicalBytes).toBe(Buffer.byteLength(canonicalJson(json), 'utf8'));
      }),
      { numRuns: 300 },
    );
  });

  it('survives 100,000 levels of nesting', () => {
    const depth = 100_000;
    const value = JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown;
    const measure = measurePayload(value);
    expect(measure.depth).toBe(depth - 1);
    expect(measure.values).toBe(depth);
    expect(measure.canonicalBytes).toBe(2 * depth);
  });

  it('throws on values JSON cannot carry', () => {
    expect(() => measurePayload({ a: undefined })).toThrow(TypeError);
  });
});
