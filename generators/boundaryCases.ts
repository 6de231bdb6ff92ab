import * as fc from 'fast-check';
import type { JsonValue } from '../harness/protocol/canonicalJson.js';
import { bindingFor, requestText, submitRequest } from '../harness/protocol/requests.js';
import { IDENTITY_MAX_LENGTH, limits, type Binding } from '../harness/protocol/types.js';
import { scalar, seededKeys, seededRandom, seededScalar, textOfWidth, type CharWidth } from './seeded.js';
import { setOwn, valuesPayload, wrapIn, wrapper } from './shapes.js';

/**
 * REQ-BOUNDARY-ACCEPT, one arbitrary per case: well-formed submits sitting
 * exactly on every bound — depth 16 (a scalar, and an empty array, inside 16
 * nested containers), an array of 256 entries, an object of 64, a key of 256
 * bytes (ASCII, three-byte and two-byte characters), 16,384 visited values, a
 * 160-character operationId, and a request of exactly 1,048,576 bytes.
 */
export function boundaryCases(): fc.Arbitrary<BoundaryCase>[] {
  const seed = fc.integer();
  return [
    fc
      .record({ levels: fc.array(wrapper(), { minLength: limits.maxDepth, maxLength: limits.maxDepth }), inner: scalar() })
      .map(({ levels, inner }) => payloadCase('depth', `a scalar inside ${limits.maxDepth} nested arrays/objects`, () => wrapIn(inner, levels))),
    fc.constant(
      payloadCase('depth', `${limits.maxDepth} nested arrays around an empty array`, () =>
        wrapIn(
          [],
          Array.from({ length: limits.maxDepth }, () => ({ kind: 'array' as const, before: [], after: [] })),
        ),
      ),
    ),
    seed.map((chosen) =>
      payloadCase('array-entries', `an array of ${limits.maxArrayEntries} scalars`, () => {
        const random = seededRandom(chosen);
        return Array.from({ length: limits.maxArrayEntries }, () => seededScalar(random));
      }),
    ),
    seed.map((chosen) =>
      payloadCase('object-entries', `an object of ${limits.maxObjectEntries} entries`, () => {
        const random = seededRandom(chosen);
        return Object.fromEntries(seededKeys(random, limits.maxObjectEntries).map((key) => [key, seededScalar(random)]));
      }),
    ),
    ...(
      [
        [1, 256, 0],
        [3, 85, 1],
        [2, 128, 0],
      ] as const
    ).map(([width, count, asciiTail]) =>
      fc.record({ seed, value: scalar() }).map(({ seed: chosen, value }) =>
        payloadCase('key-bytes', `a key of ${count} ${width}-byte characters${asciiTail > 0 ? ` and ${asciiTail} ASCII` : ''} (${limits.maxKeyBytes} bytes)`, () => {
          const random = seededRandom(chosen);
          const object: { [key: string]: JsonValue } = {};
          setOwn(object, textOfWidth(random, width as CharWidth, count) + textOfWidth(random, 1, asciiTail), value);
          return object;
        }),
      ),
    ),
    fc
      .record({ seed, containers: fc.integer({ min: 64, max: 100 }) })
      .map(({ seed: chosen, containers }) =>
        payloadCase('values', `${limits.maxValues} visited values (a root array of ${containers} arrays)`, () =>
          valuesPayload({ kind: 'arrays', containers, total: limits.maxValues, seed: chosen }),
        ),
      ),
    scalar().map((inner) => ({
      bound: 'identity-length' as const,
      operationIdLength: IDENTITY_MAX_LENGTH,
      describe: () => `a submit whose operationId has ${IDENTITY_MAX_LENGTH} characters`,
      build: (base: BoundaryBase) => withBinding(base, inner),
    })),
    seed.map((chosen) => ({
      bound: 'request-bytes' as const,
      operationIdLength: null,
      describe: () => `a submit of exactly ${limits.maxRequestBytes} bytes`,
      build: (base: BoundaryBase) => withBinding(base, exactRequestFilling(base, chosen)),
    })),
  ];
}

function payloadCase(bound: BoundaryBound, what: string, payload: () => JsonValue): BoundaryCase {
  return { bound, operationIdLength: null, describe: () => `a submit of ${what}`, build: (base) => withBinding(base, payload()) };
}

function withBinding(base: BoundaryBase, payload: JsonValue): { binding: ReturnType<typeof bindingFor>; payload: JsonValue } {
  return { binding: bindingFor({ operationId: base.operationId, authorityId: base.authorityId, payload }), payload };
}

/** A string payload that makes the whole request exactly `maxRequestBytes` long (digests have a fixed length). */
function exactRequestFilling(base: BoundaryBase, seed: number): JsonValue {
  const probe = requestText(submitRequest(bindingFor({ ...base, payload: '' }), ''));
  return textOfWidth(seededRandom(seed), 1, limits.maxRequestBytes - Buffer.byteLength(probe, 'utf8'));
}

/** Which bound a boundary case sits on. */
export type BoundaryBound = 'depth' | 'values' | 'array-entries' | 'object-entries' | 'key-bytes' | 'identity-length' | 'request-bytes';

/** The operation key a boundary case is built on; attached when the case runs. */
export interface BoundaryBase {
  readonly operationId: string;
  /** The adapter's configured authority. */
  readonly authorityId: string;
}

/**
 * A well-formed submit sitting exactly on one bound (REQ-BOUNDARY-ACCEPT):
 * an adapter that admits any bounded JSON payload must admit it.
 */
export interface BoundaryCase {
  readonly bound: BoundaryBound;
  /** Length the operationId must have (160 for the identity bound), or null for any. */
  readonly operationIdLength: number | null;
  /** The case in words, for counterexamples. */
  describe(): string;
  /** The binding and payload to submit. Deterministic. */
  build(base: BoundaryBase): { readonly binding: Binding; readonly payload: JsonValue };
}
