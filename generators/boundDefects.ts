import * as fc from 'fast-check';
import { canonicalJson, type JsonValue } from '../harness/protocol/canonicalJson.js';
import { limits } from '../harness/protocol/types.js';
import { boundDefect, type RequestDefect } from './RequestDefect.js';
import { scalar, seededKeys, seededRandom, seededScalar, spread, textOfWidth, type CharWidth } from './seeded.js';
import { describeWrappers, setOwn, smallJson, valuesPayload, wrapIn, wrapper, type ValuesShape, type Wrapper } from './shapes.js';

const OVER_DEPTH = limits.maxDepth + 1;

/**
 * REQ-BOUND-DEPTH, one arbitrary per variant: a scalar inside 17 nested
 * arrays/objects (random kinds and siblings); 17 nested arrays around an empty
 * array; and a deep chain hung at a random position inside a valid payload.
 * Every payload has depth exactly 17 and nothing else wrong.
 */
export function depthBoundDefects(): fc.Arbitrary<RequestDefect>[] {
  const chain = (length: number): fc.Arbitrary<Wrapper[]> => fc.array(wrapper(), { minLength: length, maxLength: length });
  const scalarInside = fc.record({ levels: chain(OVER_DEPTH), inner: scalar() }).map(({ levels, inner }) =>
    boundDefect({
      clauseId: 'REQ-BOUND-DEPTH',
      what: `a scalar inside ${OVER_DEPTH} nested arrays/objects`,
      payloadText: () => canonicalJson(wrapIn(inner, levels)),
    }),
  );
  const emptyInside = fc.constant(
    boundDefect({
      clauseId: 'REQ-BOUND-DEPTH',
      what: `${OVER_DEPTH} nested arrays around an empty array`,
      payloadText: () => `${'['.repeat(OVER_DEPTH)}[]${']'.repeat(OVER_DEPTH)}`,
    }),
  );
  // The outer levels carry whole JSON values as siblings: the deep chain sits inside an ordinary payload.
  const host = fc.record({ siblings: fc.array(smallJson(), { maxLength: 2 }), key: fc.string({ maxLength: 8 }) });
  const embedded = fc.record({ hosts: fc.array(host, { minLength: 1, maxLength: 4 }), inner: scalar(), levels: chain(OVER_DEPTH) }).map(({ hosts, inner, levels }) => {
    const deep = levels.slice(hosts.length);
    return boundDefect({
      clauseId: 'REQ-BOUND-DEPTH',
      what: `an ordinary payload with a ${deep.length}-level chain hung ${hosts.length} level(s) down (depth ${OVER_DEPTH})`,
      payloadText: () => canonicalJson(hostIn(wrapIn(inner, deep), hosts)),
    });
  });
  return [scalarInside, emptyInside, embedded];
}

/** One ordinary level around the deep chain. */
interface HostLevel {
  readonly siblings: readonly JsonValue[];
  readonly key: string;
}

/** Hangs `value` inside `hosts` (first outermost), alternating arrays and objects so both kinds host it. */
function hostIn(value: JsonValue, hosts: readonly HostLevel[]): JsonValue {
  let hosted = value;
  for (let index = hosts.length - 1; index >= 0; index -= 1) {
    const { siblings, key } = hosts[index] as HostLevel;
    if (index % 2 === 0) {
      hosted = [...siblings, hosted];
    } else {
      const object: { [key: string]: JsonValue } = {};
      siblings.forEach((sibling, at) => setOwn(object, `${key}.${at}`, sibling));
      setOwn(object, key, hosted);
      hosted = object;
    }
  }
  return hosted;
}

const OVER_VALUES = limits.maxValues + 1;

/**
 * REQ-BOUND-VALUES, one arbitrary per variant: exactly 16,385 visited values
 * while every array stays ≤ 256 entries, every object ≤ 64 and depth 2 —
 * a root array of arrays (e.g. 64 arrays of 256 values), a root array of
 * 253–256 objects of up to 64 entries, a root object of 64 arrays.
 */
export function valuesBoundDefects(): fc.Arbitrary<RequestDefect>[] {
  // Exactly one over: an off-by-one bound must fail too.
  const total = fc.constant(OVER_VALUES);
  const seed = fc.integer();
  const shapes: fc.Arbitrary<ValuesShape>[] = [
    fc.record({ containers: fc.integer({ min: 65, max: 120 }), total, seed }).map((shape) => ({ kind: 'arrays' as const, ...shape })),
    // 253 objects of up to 64 entries hold 1 + 253 + 16,192 = 16,446 values.
    fc.record({ containers: fc.integer({ min: 253, max: limits.maxArrayEntries }), total, seed }).map((shape) => ({ kind: 'objects' as const, ...shape })),
    fc.record({ total, seed }).map((shape) => ({ kind: 'keyed' as const, containers: limits.maxObjectEntries, ...shape })),
  ];
  return shapes.map((shape) =>
    shape.map((chosen) =>
      boundDefect({
        clauseId: 'REQ-BOUND-VALUES',
        what: `${chosen.total} visited values (${chosen.kind === 'keyed' ? 'a root object' : 'a root array'} of ${chosen.containers} ${chosen.kind === 'objects' ? 'objects' : 'arrays'})`,
        payloadText: () => canonicalJson(valuesPayload(chosen)),
      }),
    ),
  );
}

const OVER_ARRAY = limits.maxArrayEntries + 1;

/**
 * REQ-BOUND-ARRAY, one arbitrary per variant: an array of exactly 257 entries
 * — random scalars at the payload root, random scalars nested at a random
 * position, or empty arrays and objects.
 */
export function arrayBoundDefects(): fc.Arbitrary<RequestDefect>[] {
  // Exactly one over: an off-by-one bound must fail too.
  const entries = fc.constant(OVER_ARRAY);
  const seed = fc.integer();
  const variant = (maxLevels: number, containers: boolean): fc.Arbitrary<RequestDefect> =>
    fc.record({ entries, seed, levels: fc.array(wrapper(), { maxLength: maxLevels, minLength: Math.min(1, maxLevels) }) }).map(({ entries: count, seed: chosen, levels }) =>
      boundDefect({
        clauseId: 'REQ-BOUND-ARRAY',
        what: `an array of ${count} ${containers ? 'empty containers' : 'scalars'} ${describeWrappers(levels)}`,
        payloadText: () => {
          const random = seededRandom(chosen);
          const array: JsonValue[] = Array.from({ length: count }, () => (containers ? (random() < 0.5 ? [] : {}) : seededScalar(random)));
          return canonicalJson(wrapIn(array, levels));
        },
      }),
    );
  return [variant(0, false), variant(4, false), variant(2, true)];
}

const OVER_OBJECT = limits.maxObjectEntries + 1;

/**
 * REQ-BOUND-OBJECT, one arbitrary per variant: an object of exactly 65 entries
 * with distinct random keys — ASCII keys at the payload root, non-ASCII keys
 * at the root, or ASCII keys nested at a random position.
 */
export function objectBoundDefects(): fc.Arbitrary<RequestDefect>[] {
  // Exactly one over: an off-by-one bound must fail too.
  const entries = fc.constant(OVER_OBJECT);
  const seed = fc.integer();
  const variant = (maxLevels: number, keyWidth: 1 | 2 | 3): fc.Arbitrary<RequestDefect> =>
    fc.record({ entries, seed, levels: fc.array(wrapper(), { maxLength: maxLevels, minLength: Math.min(1, maxLevels) }) }).map(({ entries: count, seed: chosen, levels }) =>
      boundDefect({
        clauseId: 'REQ-BOUND-OBJECT',
        what: `an object of ${count} entries (${keyWidth === 1 ? 'ASCII' : `${keyWidth}-byte-character`} keys) ${describeWrappers(levels)}`,
        payloadText: () => {
          const random = seededRandom(chosen);
          const object = Object.fromEntries(seededKeys(random, count, keyWidth).map((key) => [key, seededScalar(random)]));
          return canonicalJson(wrapIn(object, levels));
        },
      }),
    );
  return [variant(0, 1), variant(0, 3), variant(4, 1)];
}

/**
 * A key over 256 UTF-8 bytes: `count` characters of `width` bytes (or lone
 * surrogates, 3 bytes each by the host's rule), then `asciiTail` ASCII ones.
 */
interface LongKey {
  readonly name: string;
  readonly width: CharWidth | 'lone-surrogate';
  readonly count: number;
  readonly asciiTail: number;
}

/**
 * Keys over the bound in bytes. The 2- and 4-byte ones stay ≤ 256 UTF-16 code
 * units, so an adapter counting `string.length` admits them.
 */
const LONG_KEYS: readonly LongKey[] = [
  { name: '257 ASCII characters', width: 1, count: 257, asciiTail: 0 },
  { name: '86 three-byte characters (258 bytes)', width: 3, count: 86, asciiTail: 0 },
  { name: '129 two-byte characters (258 bytes, 129 code units)', width: 2, count: 129, asciiTail: 0 },
  { name: '65 four-byte characters (260 bytes, 130 code units)', width: 4, count: 65, asciiTail: 0 },
  { name: 'one two-byte and 255 ASCII characters (257 bytes, 256 code units)', width: 2, count: 1, asciiTail: 255 },
  // JSON.stringify escapes each as \udXXX; UTF-8 has no lone surrogate, so each counts as its 3-byte replacement.
  { name: '86 lone surrogates (258 bytes, each counting 3)', width: 'lone-surrogate', count: 86, asciiTail: 0 },
];

/** `count` lone low surrogates (two low ones never pair), random. */
function loneSurrogates(random: () => number, count: number): string {
  return Array.from({ length: count }, () => String.fromCharCode(0xdc00 + Math.floor(random() * 0x400))).join('');
}

/**
 * REQ-BOUND-KEY, one arbitrary per variant: an object key of more than 256
 * UTF-8 bytes (see `LONG_KEYS`), random characters, in an object with a few
 * other entries, at the root or nested at a random position.
 */
export function keyBoundDefects(): fc.Arbitrary<RequestDefect>[] {
  return LONG_KEYS.map((long) =>
    fc
      .record({
        seed: fc.integer(),
        value: scalar(),
        siblings: fc.array(fc.tuple(fc.string({ maxLength: 8 }), scalar()), { maxLength: 3 }),
        levels: fc.array(wrapper(), { maxLength: 3 }),
      })
      .map(({ seed, value, siblings, levels }) =>
        boundDefect({
          clauseId: 'REQ-BOUND-KEY',
          what: `an object key of ${long.name} ${describeWrappers(levels)}`,
          payloadText: () => {
            const random = seededRandom(seed);
            const head = long.width === 'lone-surrogate' ? loneSurrogates(random, long.count) : textOfWidth(random, long.width, long.count);
            const key = head + textOfWidth(random, 1, long.asciiTail);
            const object = Object.fromEntries(siblings);
            setOwn(object, key, value);
            return canonicalJson(wrapIn(object, levels));
          },
        }),
      ),
  );
}

/**
 * What a lenient adapter would hash: the raw text, or the text it would write
 * back, where JSON.stringify turns ±Infinity into `null`.
 */
type DigestedAs = 'raw-text' | 'infinity-as-null';

/** JSON number texts that parse to ±Infinity, each with the digest it is sent with. */
const NON_FINITE_LITERALS: readonly (readonly [string, DigestedAs])[] = [
  ['1e400', 'infinity-as-null'],
  ['-1e400', 'raw-text'],
  ['1E+400', 'raw-text'],
  ['-0.5e999', 'infinity-as-null'],
  [`1${'0'.repeat(400)}`, 'infinity-as-null'],
];

/** Stands in for the literal while the rest is serialized; no generated string can equal it. */
const MARKER = '\u0000non-finite\u0000';

/**
 * REQ-BOUND-FINITE, one arbitrary per literal: a payload holding a number text
 * that parses to ±Infinity (`1e400`, `-1e400`, …), at the root or nested at a
 * random position. Canonical JSON has no form for it, so the digest is that of
 * the exact payload text, or of the text with the number written as `null`:
 * either way a lenient adapter finds the digest right and must refuse for the
 * bound alone.
 */
export function finiteBoundDefects(): fc.Arbitrary<RequestDefect>[] {
  return NON_FINITE_LITERALS.map(([literal, digestedAs]) =>
    fc.array(wrapper(), { maxLength: 3 }).map((levels) =>
      boundDefect({
        clauseId: 'REQ-BOUND-FINITE',
        what: `the number ${literal.length > 12 ? `${literal.slice(0, 8)}… (${literal.length} digits)` : literal} ${describeWrappers(levels)}, digest of the ${digestedAs === 'raw-text' ? 'raw text' : 'text with null in its place'}`,
        payloadText: () => withNumber(levels, literal),
        ...(digestedAs === 'raw-text' ? {} : { digested: () => withNumber(levels, 'null') }),
      }),
    ),
  );
}

/** The canonical text of the wrapped marker, with `numberText` written in its place. */
function withNumber(levels: readonly Wrapper[], numberText: string): string {
  return canonicalJson(wrapIn(MARKER, levels)).replace(JSON.stringify(MARKER), numberText);
}

const PAYLOAD_BYTES = limits.maxPayloadBytes;
/** One byte over: an off-by-one bound must fail too. */
const OVER_BYTES = PAYLOAD_BYTES + 1;
/** Control characters JSON escapes as six-byte `\u00XX` (not `\b \t \n \f \r`). */
const SIX_BYTE_CONTROLS = [1, 2, 3, 4, 5, 6, 7, 11, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31].map((code) => String.fromCharCode(code));

/** A payload just over the byte bound, built from a seed. */
interface Oversize {
  readonly name: string;
  readonly payload: (random: () => number) => JsonValue;
}

const OVERSIZES: readonly Oversize[] = [
  { name: 'one ASCII string of 1,048,577 bytes', payload: (random) => textOfWidth(random, 1, OVER_BYTES) },
  {
    // Half as many UTF-16 code units as bytes: an adapter counting `string.length` admits it.
    name: 'one string of two-byte characters, more than 1,048,576 bytes but about 524,289 code units',
    payload: (random) => textOfWidth(random, 2, Math.ceil(OVER_BYTES / 2)),
  },
  {
    name: 'an array of strings adding up to more than 1,048,576 bytes',
    payload: (random) => {
      const parts = 2 + Math.floor(random() * 60);
      return spread(OVER_BYTES, parts, PAYLOAD_BYTES).map((size) => textOfWidth(random, 1, size));
    },
  },
  {
    // Keys count too: the values alone stay under the bound.
    name: '64 keys of 256 bytes whose values add up, with the keys, to more than 1,048,576 bytes',
    payload: (random) => {
      const keyBytes = limits.maxObjectEntries * limits.maxKeyBytes;
      const sizes = spread(OVER_BYTES - keyBytes, limits.maxObjectEntries, PAYLOAD_BYTES);
      const entries = sizes.map((size, index) => [`${index.toString().padStart(2, '0')}${textOfWidth(random, 1, limits.maxKeyBytes - 2)}`, textOfWidth(random, 1, size)]);
      return Object.fromEntries(entries);
    },
  },
  {
    // Aggregate bytes are small here; the canonical text (six bytes per character) is over.
    name: 'one string of control characters whose canonical form (\\u00XX each) is more than 1,048,576 bytes',
    payload: (random) => {
      const count = Math.floor((PAYLOAD_BYTES - 2) / 6) + 1;
      const chunk = Array.from({ length: 64 }, () => SIX_BYTE_CONTROLS[Math.floor(random() * SIX_BYTE_CONTROLS.length)] as string).join('');
      return chunk.repeat(Math.ceil(count / 64)).slice(0, count);
    },
  },
];

/**
 * REQ-BOUND-BYTES, one arbitrary per variant: payloads whose aggregate
 * string+key bytes (or canonical bytes) are over 1,048,576 by as little as their characters allow (1 byte for ASCII)
 * (see `OVERSIZES`). Such a request is necessarily over REQ-BOUND-REQUEST
 * too; the case is attributed to both clauses.
 */
export function bytesBoundDefects(): fc.Arbitrary<RequestDefect>[] {
  return OVERSIZES.map((oversize) =>
    fc.integer().map((seed) =>
      boundDefect({
        clauseId: 'REQ-BOUND-BYTES',
        alsoCrosses: ['REQ-BOUND-REQUEST'],
        what: oversize.name,
        payloadText: () => canonicalJson(oversize.payload(seededRandom(seed))),
      }),
    ),
  );
}

const REQUEST_BYTES = limits.maxRequestBytes;
/** Most bytes the payload stays under the bound by; every envelope is longer (its digest alone is 71 bytes). */
const MAX_SHORTFALL = 100;

/** A payload of exactly `bytes` canonical bytes. */
interface Filling {
  readonly name: string;
  readonly payload: (random: () => number, bytes: number) => JsonValue;
}

const FILLINGS: readonly Filling[] = [
  { name: 'one ASCII string', payload: (random, bytes) => textOfWidth(random, 1, bytes - 2) },
  {
    name: 'an array of strings',
    payload: (random, bytes) => {
      const parts = 2 + Math.floor(random() * 60);
      // Brackets, commas between parts, quotes around each.
      const textBytes = bytes - 2 - (parts - 1) - 2 * parts;
      return spread(textBytes, parts, textBytes).map((size) => textOfWidth(random, 1, size));
    },
  },
  {
    name: 'one string of two-byte characters',
    payload: (random, bytes) => {
      const textBytes = bytes - 2;
      return textOfWidth(random, 2, Math.floor(textBytes / 2)) + textOfWidth(random, 1, textBytes % 2);
    },
  },
];

/**
 * REQ-BOUND-REQUEST alone, one arbitrary per variant: a payload of
 * 1,048,476 to 1,048,576 canonical bytes — within every payload bound — whose
 * envelope pushes the request over 1,048,576 bytes.
 */
export function requestBoundDefects(): fc.Arbitrary<RequestDefect>[] {
  return FILLINGS.map((filling) =>
    fc.record({ seed: fc.integer(), shortfall: fc.integer({ min: 0, max: MAX_SHORTFALL }) }).map(({ seed, shortfall }) =>
      boundDefect({
        clauseId: 'REQ-BOUND-REQUEST',
        what: `${filling.name} of ${REQUEST_BYTES - shortfall} canonical bytes, the request over ${REQUEST_BYTES} with its envelope`,
        payloadText: () => canonicalJson(filling.payload(seededRandom(seed), REQUEST_BYTES - shortfall)),
      }),
    ),
  );
}
