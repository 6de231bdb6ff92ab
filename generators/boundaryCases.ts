import * as fc from 'fast-check';
import type { JsonValue } from '../harness/protocol/canonicalJson.js';
import { bindingFor } from '../harness/protocol/bindingFor.js';
import { IDENTITY_MAX_LENGTH } from '../harness/protocol/identity.js';
import { limits } from '../harness/protocol/limits.js';
import { requestText } from '../harness/protocol/requestText.js';
import { submitRequest } from '../harness/protocol/submitRequest.js';
import { scalar } from './_internals/scalar.js';
import { seededKeys } from './_internals/seededKeys.js';
import { seededScalar } from './_internals/seededScalar.js';
import { seededRandom } from './_internals/seededRandom.js';
import { setOwn } from './_internals/setOwn.js';
import { textOfWidth, type CharWidth } from './_internals/textOfWidth.js';
import { valuesPayload } from './_internals/valuesPayload.js';
import { wrapper } from './_internals/wrapper.js';
import { wrapIn } from './_internals/wrapIn.js';
import type { BoundaryBase, BoundaryBound, BoundaryCase } from './BoundaryCase.js';

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
    fc.record({ levels: fc.array(wrapper(), { minLength: limits.maxDepth, maxLength: limits.maxDepth }), inner: scalar() }).map(({ levels, inner }) =>
      payloadCase('depth', `a scalar inside ${limits.maxDepth} nested arrays/objects`, () => wrapIn(inner, levels)),
    ),
    fc.constant(payloadCase('depth', `${limits.maxDepth} nested arrays around an empty array`, () => wrapIn([], Array.from({ length: limits.maxDepth }, () => ({ kind: 'array' as const, before: [], after: [] }))))),
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
    ...([[1, 256, 0], [3, 85, 1], [2, 128, 0]] as const).map(([width, count, asciiTail]) =>
      fc.record({ seed, value: scalar() }).map(({ seed: chosen, value }) =>
        payloadCase('key-bytes', `a key of ${count} ${width}-byte characters${asciiTail > 0 ? ` and ${asciiTail} ASCII` : ''} (${limits.maxKeyBytes} bytes)`, () => {
          const random = seededRandom(chosen);
          const object: { [key: string]: JsonValue } = {};
          setOwn(object, textOfWidth(random, width as CharWidth, count) + textOfWidth(random, 1, asciiTail), value);
          return object;
        }),
      ),
    ),
    fc.record({ seed, containers: fc.integer({ min: 64, max: 100 }) }).map(({ seed: chosen, containers }) =>
      payloadCase('values', `${limits.maxValues} visited values (a root array of ${containers} arrays)`, () => valuesPayload({ kind: 'arrays', containers, total: limits.maxValues, seed: chosen })),
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
