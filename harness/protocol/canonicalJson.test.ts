import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, isArrayIndexKey } from './canonicalJson.js';
import { digestCanonical, digestText } from './digest.js';

/**
 * Independent oracle, the host's algorithm as the catalog states it:
 * `JSON.stringify` of a copy whose keys were inserted in `sort()` order into
 * null-prototype objects (so a `__proto__` key stays an ordinary key).
 */
function hostStringify(value: unknown): string {
  const copy = (item: unknown): unknown => {
    if (typeof item !== 'object' || item === null) return item;
    if (Array.isArray(item)) return item.map(copy);
    const out = Object.create(null) as Record<string, unknown>;
    for (const key of Object.keys(item).sort()) out[key] = copy((item as Record<string, unknown>)[key]);
    return out;
  };
  return JSON.stringify(copy(value));
}

function fromBits(hex: string): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt(`0x${hex}`));
  return view.getFloat64(0);
}

/** Keys on either side of the array-index rule: indices, their near misses, and the bounds. */
const integerLikeKey = fc.oneof(
  fc.nat().map(String),
  fc.constantFrom('0', '01', '00', '-1', '-0', '1e3', '1.5', ' 1', '1 ', '+1', '4294967294', '4294967295', '4294967296', '9007199254740993', '10', '9'),
  fc.bigInt({ min: 4_294_967_200n, max: 4_294_967_400n }).map(String),
);

const codeUnitString = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)) });

describe('canonicalJson', () => {
  it('sorts other keys by UTF-16 code units, after the array-index key "1" (RFC 8785 §3.2.3 keys, astral key before U+FB33)', () => {
    const input = {
      '\u20ac': 'Euro Sign',
      '\r': 'Carriage Return',
      '\ufb33': 'Hebrew Letter Dalet With Dagesh',
      '1': 'One',
      '\ud83d\ude00': 'Emoji: Grinning Face',
      '\u0080': 'Control',
      '\u00f6': 'Latin Small Letter O With Diaeresis',
    };
    const text = canonicalJson(input);
    const positions = ['"1"', '\\r', '\u0080', '\u00f6', '\u20ac', '\ud83d\ude00', '\ufb33'].map((key) => text.indexOf(key));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(text).toBe(
      '{"1":"One","\\r":"Carriage Return","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis",' +
        '"\u20ac":"Euro Sign","\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
  });

  it('matches the RFC 8785 §3.2.4 sample output (it has no array-index keys, where the orders agree)', () => {
    const input = String.raw`{
      "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
      "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
      "literals": [null, true, false]
    }`;
    expect(canonicalJson(JSON.parse(input))).toBe(String.raw`{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\u000f\nA'B\"\\\\\"/"}`);
  });

  it.each([
    ['0000000000000000', '0'],
    ['8000000000000000', '0'],
    ['0000000000000001', '5e-324'],
    ['8000000000000001', '-5e-324'],
    ['7fefffffffffffff', '1.7976931348623157e+308'],
    ['ffefffffffffffff', '-1.7976931348623157e+308'],
    ['4340000000000000', '9007199254740992'],
    ['c340000000000000', '-9007199254740992'],
    ['4430000000000000', '295147905179352830000'],
    ['44b52d02c7e14af5', '9.999999999999997e+22'],
    ['44b52d02c7e14af6', '1e+23'],
    ['44b52d02c7e14af7', '1.0000000000000001e+23'],
    ['444b1ae4d6e2ef4e', '999999999999999700000'],
    ['444b1ae4d6e2ef4f', '999999999999999900000'],
    ['444b1ae4d6e2ef50', '1e+21'],
    ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
    ['3eb0c6f7a0b5ed8d', '0.000001'],
    ['41b3de4355555553', '333333333.3333332'],
    ['41b3de4355555554', '333333333.33333325'],
    ['41b3de4355555555', '333333333.3333333'],
    ['41b3de4355555556', '333333333.3333334'],
    ['41b3de4355555557', '333333333.33333343'],
    ['becbf647612f3696', '-0.0000033333333333333333'],
    ['43143ff3c1cb0959', '1424953923781206.2'],
  ])('serializes the IEEE-754 value %s as %s (RFC 8785 Appendix B)', (bits, expected) => {
    expect(canonicalJson(fromBits(bits))).toBe(expected);
  });

  it.each([
    ['{"10":"a","9":"b"}', '{"9":"b","10":"a"}'],
    ['{"10":"a","9":"b","a":1,"!":2}', '{"9":"b","10":"a","!":2,"a":1}'],
    ['{"b":1,"01":2,"0":3,"-1":4,"1e3":5,"4294967295":6,"4294967294":7,"a":8}', '{"0":3,"4294967294":7,"-1":4,"01":2,"1e3":5,"4294967295":6,"a":8,"b":1}'],
    ['{"x":{"2":[{"11":0,"3":1,"z":2}],"10":null,"1":true},"0":[]}', '{"0":[],"x":{"1":true,"2":[{"3":1,"11":0,"z":2}],"10":null}}'],
    ['{"00":1,"0":2,"":3}', '{"0":2,"":3,"00":1}'],
  ])("writes %s in the host's key order: array indices numerically first", (text, expected) => {
    expect(canonicalJson(JSON.parse(text))).toBe(expected);
    expect(hostStringify(JSON.parse(text))).toBe(expected);
  });

  it('gives the host\'s digest for {"10":"a","9":"b"}, not the RFC 8785 one', () => {
    expect(digestCanonical({ '10': 'a', '9': 'b' })).toBe('sha256:32c76047634ee8d61aeb727dee6fcb2507b60cc4fe6ecce96d04274d6a9c8c03');
    expect(digestText('{"10":"a","9":"b"}')).toBe('sha256:12db95af954b281347ea3f145c21ec193e84090c4656c8e815e414e28fbb825f');
  });

  it.each([
    ['0', true],
    ['9', true],
    ['10', true],
    ['4294967294', true],
    ['4294967295', false],
    ['01', false],
    ['-1', false],
    ['1e3', false],
    ['', false],
    ['+1', false],
    ['1.0', false],
    ['99999999999', false],
  ])('isArrayIndexKey(%j) is %s', (key, expected) => {
    expect(isArrayIndexKey(key)).toBe(expected);
  });

  it('writes integers plainly and 1e21 in exponent form', () => {
    expect(canonicalJson([1, -1, 100, 1e20, 1e21, -0])).toBe('[1,-1,100,100000000000000000000,1e+21,0]');
  });

  it.each([NaN, Infinity, -Infinity])('throws on the non-finite number %s, also nested', (value) => {
    expect(() => canonicalJson(value)).toThrow(TypeError);
    expect(() => canonicalJson([1, { a: value }])).toThrow(/non-finite/);
  });

  it('throws on values JSON cannot carry and on cycles', () => {
    expect(() => canonicalJson(undefined)).toThrow(TypeError);
    expect(() => canonicalJson({ a: () => 1 })).toThrow(TypeError);
    expect(() => canonicalJson(1n)).toThrow(TypeError);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => canonicalJson(cycle)).toThrow(/cyclic/);
  });

  it('writes objects JSON.stringify would write otherwise by their own keys, as always (no toJSON, no unboxing), and refuses holes', () => {
    // Keys in canonical order send a value to JSON.stringify; these must not get its other readings.
    expect(canonicalJson({ a: new Date(0) })).toBe('{"a":{}}');
    expect(canonicalJson(Object.create({ toJSON: () => 'replaced' }) as unknown)).toBe('{}');
    expect(canonicalJson([new String('ab')])).toBe('[{"0":"a","1":"b"}]');
    // eslint-disable-next-line no-sparse-arrays
    expect(() => canonicalJson([1, , 2])).toThrow(TypeError);
    expect(canonicalJson(Object.assign(Object.create(null) as object, { a: 1, b: [2] }))).toBe('{"a":1,"b":[2]}');
  });

  it('accepts the same object twice when it is not a cycle', () => {
    const shared = { x: 1 };
    expect(canonicalJson([shared, { y: shared }])).toBe('[{"x":1},{"y":{"x":1}}]');
  });

  it('escapes strings as JSON.stringify does, lone surrogates included', () => {
    expect(canonicalJson('\u0000\u001f"\\/\b\f\n\r\t\u007f')).toBe('"\\u0000\\u001f\\"\\\\/\\b\\f\\n\\r\\t\u007f"');
    expect(canonicalJson('\ud800')).toBe('"\\ud800"');
    expect(canonicalJson('\udfff x \ud83d\ude00')).toBe('"\\udfff x \ud83d\ude00"');
    expect(canonicalJson({ '\udc00': '\ud800' })).toBe('{"\\udc00":"\\ud800"}');
  });

  it('writes no whitespace and keeps array order', () => {
    expect(canonicalJson({ b: [3, 1, 2], a: { d: null, c: true } })).toBe('{"a":{"c":true,"d":null},"b":[3,1,2]}');
    expect(canonicalJson([])).toBe('[]');
    expect(canonicalJson({})).toBe('{}');
  });

  it('handles a __proto__ key parsed from JSON as an ordinary key', () => {
    expect(canonicalJson(JSON.parse('{"z":1,"__proto__":{"a":2}}'))).toBe('{"__proto__":{"a":2},"z":1}');
  });

  it('does not overflow the stack on 100,000 levels of nesting', () => {
    const depth = 100_000;
    const arrays = JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown;
    expect(canonicalJson(arrays)).toBe('['.repeat(depth) + ']'.repeat(depth));
    const objects = JSON.parse('{"a":'.repeat(depth) + '0' + '}'.repeat(depth)) as unknown;
    expect(canonicalJson(objects)).toHaveLength(depth * 6 + 1);
  });

  it('writes the same text on either side of the depth where it stops recursing, and names a cycle met deep', () => {
    for (const depth of [62, 63, 64, 65, 66, 130]) {
      const nested = JSON.parse(`${'{"b":[1,"x\\u00e9",'.repeat(depth)}{"a":"\\"q"}${']}'.repeat(depth)}`) as unknown;
      expect(canonicalJson(nested)).toBe(`${'{"b":[1,"x\u00e9",'.repeat(depth)}{"a":"\\"q"}${']}'.repeat(depth)}`);
    }
    const deep: Record<string, unknown> = {};
    let at = deep;
    for (let level = 0; level < 100; level += 1) at = (at.next = { n: level }) as Record<string, unknown>;
    at.loop = deep;
    expect(() => canonicalJson(deep)).toThrow(/cyclic/);
  });

  it("equals the host's sorted-insertion JSON.stringify for arbitrary JSON", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(value)).toBe(hostStringify(value));
      }),
      { numRuns: 300 },
    );
  });

  it("equals the host's sorted-insertion JSON.stringify for objects with arbitrary UTF-16 keys (lone surrogates, integer-like keys included)", () => {
    const key = fc.oneof(codeUnitString, fc.string({ unit: 'binary' }), integerLikeKey);
    const value = fc.dictionary(key, fc.oneof(fc.jsonValue({ maxDepth: 2 }), codeUnitString), { maxKeys: 12 });
    fc.assert(
      fc.property(value, (object) => {
        expect(canonicalJson(object)).toBe(hostStringify(object));
      }),
      // The shape that once broke the oracle: a __proto__ key nested, none at the top.
      { numRuns: 300, examples: [[JSON.parse('{"":{"__proto__":null}}') as Record<string, unknown>]] },
    );
  });

  it('is a fixed point: parsing the canonical text canonicalizes to the same text', () => {
    const value = fc.oneof(fc.jsonValue(), fc.dictionary(codeUnitString, fc.jsonValue({ maxDepth: 2 })));
    fc.assert(
      fc.property(value, (json) => {
        const text = canonicalJson(json);
        expect(canonicalJson(JSON.parse(text))).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});
