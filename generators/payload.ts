import * as fc from 'fast-check';
import type { JsonValue } from '../harness/protocol/canonicalJson.js';
import type { PayloadFamily } from '../harness/runOptions.js';
import { codingJobV2Payload } from './codingJobV2Payload.js';
import { integerLikeKey } from './_internals/integerLikeKeys.js';

/**
 * Valid payloads of the chosen family: every one sits inside all payload
 * bounds (depth, entries, keys, finite numbers, bytes), so an adapter that
 * admits any bounded JSON must admit it.
 *
 * @param family - `any-json` (default): arbitrary JSON with full-Unicode strings (lone surrogates included);
 *   `coding-job-v2`: job-shaped objects; `samples`: the user's own admitted payloads
 */
export function payload(family: PayloadFamily): fc.Arbitrary<JsonValue> {
  switch (family.kind) {
    case 'any-json':
      // Depth and size stay far inside the bounds; the bound suites cross them on purpose.
      // One in five is an object keyed by integer-like keys, where canonical key order is easy to get wrong.
      return fc.oneof(
        { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 4, stringUnit: 'binary' }) as fc.Arbitrary<JsonValue> },
        { weight: 1, arbitrary: integerKeyedObject() },
      );
    case 'coding-job-v2':
      return codingJobV2Payload();
    case 'samples':
      return fc.constantFrom(...family.samples);
  }
}

/** An object whose keys are mostly integer-like (indices, near misses), some ordinary. */
function integerKeyedObject(): fc.Arbitrary<JsonValue> {
  const key = fc.oneof({ weight: 3, arbitrary: integerLikeKey() }, { weight: 1, arbitrary: fc.string({ maxLength: 4 }) });
  return fc.dictionary(key, fc.jsonValue({ maxDepth: 2, stringUnit: 'binary' }) as fc.Arbitrary<JsonValue>, { minKeys: 2, maxKeys: 8 });
}
