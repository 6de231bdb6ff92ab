import type { JsonValue } from '../../harness/protocol/canonicalJson.js';
import { limits } from '../../harness/protocol/limits.js';
import { seededKeys } from './seededKeys.js';
import { seededScalar } from './seededScalar.js';
import { seededRandom } from './seededRandom.js';
import { spread } from './spread.js';

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
