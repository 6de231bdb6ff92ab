import * as fc from 'fast-check';
import type { JsonValue } from '../harness/protocol/canonicalJson.js';
import { scalar, seededKeys, seededRandom, seededScalar, spread, type JsonScalar } from './seeded.js';
import { limits } from '../harness/protocol/types.js';

/**
 * Sets an own enumerable property, also for names like `__proto__` that plain
 * assignment would turn into a prototype change.
 * @internal
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Small, shallow JSON values for the contents of malformed fields: far inside
 * every payload bound, so they never cross one by accident.
 * @internal
 */
export function smallJson(): fc.Arbitrary<JsonValue> {
  return fc.jsonValue({ maxDepth: 2, depthSize: 'xsmall' }) as fc.Arbitrary<JsonValue>;
}

/** One level of nesting around a value, with scalar siblings. */
export type Wrapper =
  | { readonly kind: 'array'; readonly before: readonly JsonScalar[]; readonly after: readonly JsonScalar[] }
  | { readonly kind: 'object'; readonly key: string; readonly siblings: readonly (readonly [string, JsonScalar])[] };

/**
 * One nesting level: an array or an object holding the value among up to
 * `maxSiblings` scalar siblings. Keys are short, so no key bound is near.
 * @internal
 */
export function wrapper(maxSiblings = 2): fc.Arbitrary<Wrapper> {
  const siblings = fc.array(scalar(), { maxLength: maxSiblings });
  return fc.oneof(
    fc.record({ before: siblings, after: siblings }).map(({ before, after }) => ({ kind: 'array' as const, before, after })),
    fc
      .record({ key: fc.string({ maxLength: 8 }), siblings: fc.array(fc.tuple(fc.string({ maxLength: 8 }), scalar()), { maxLength: maxSiblings }) })
      .map(({ key, siblings: entries }) => ({ kind: 'object' as const, key, siblings: entries })),
  );
}

/**
 * Puts `value` inside `wrappers`, the first one outermost: the value ends up
 * at depth `wrappers.length`. Siblings never add depth.
 * @internal
 */
export function wrapIn(value: JsonValue, wrappers: readonly Wrapper[]): JsonValue {
  let wrapped = value;
  for (let index = wrappers.length - 1; index >= 0; index -= 1) {
    const level = wrappers[index] as Wrapper;
    if (level.kind === 'array') {
      wrapped = [...level.before, wrapped, ...level.after];
    } else {
      const object: { [key: string]: JsonValue } = {};
      for (const [key, sibling] of level.siblings) setOwn(object, key, sibling);
      // Set last, so a sibling with the same key cannot hide the wrapped value.
      setOwn(object, level.key, wrapped);
      wrapped = object;
    }
  }
  return wrapped;
}

/**
 * Describes a wrapper chain in a few words.
 * @internal
 */
export function describeWrappers(wrappers: readonly Wrapper[]): string {
  return wrappers.length === 0 ? 'as the payload root' : `nested ${wrappers.length} level${wrappers.length === 1 ? '' : 's'} deep (${wrappers.map((level) => level.kind).join(' > ')})`;
}

/** How many visited values a payload is built to have, and in which shape. */
export interface ValuesShape {
  /** `arrays`: a root array of arrays; `objects`: a root array of objects; `keyed`: a root object of arrays. */
  readonly kind: 'arrays' | 'objects' | 'keyed';
  /** Containers directly below the root. */
  readonly containers: number;
  /** Visited values in total, the root included. */
  readonly total: number;
  readonly seed: number;
}

/**
 * A depth-2 payload with exactly `shape.total` visited values, every array
 * and object within its entry bound.
 * @throws RangeError when the shape cannot hold the total within the entry bounds (a generator bug)
 * @internal
 */
export function valuesPayload(shape: ValuesShape): JsonValue {
  const random = seededRandom(shape.seed);
  const cap = shape.kind === 'objects' ? limits.maxObjectEntries : limits.maxArrayEntries;
  const sizes = spread(shape.total - 1 - shape.containers, shape.containers, cap);
  const children: JsonValue[] = sizes.map((size) => {
    if (shape.kind !== 'objects') return Array.from({ length: size }, () => seededScalar(random));
    return Object.fromEntries(seededKeys(random, size).map((key) => [key, seededScalar(random)]));
  });
  if (shape.kind !== 'keyed') return children;
  return Object.fromEntries(seededKeys(random, children.length).map((key, index) => [key, children[index] as JsonValue]));
}
