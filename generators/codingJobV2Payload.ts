import * as fc from 'fast-check';
import type { JsonValue } from '../harness/protocol/canonicalJson.js';

/**
 * Payloads shaped like algal's `algal.coding-job-request.v2`: the routing,
 * source, prompt and limit fields a coding job carries. The shape is the
 * suite's approximation (the seed copy does not include coding-job-v2.md);
 * adapters that check the real schema should use `--payload-file` with
 * samples they admit.
 */
export function codingJobV2Payload(): fc.Arbitrary<JsonValue> {
  const hex40 = fc.stringMatching(/^[0-9a-f]{40}$/);
  const path = fc.stringMatching(/^[a-z]{1,8}(\/[a-z0-9_-]{1,12}){0,3}\.(ts|py|md|rs)$/);
  return fc.record({
    contract: fc.constant('algal.coding-job-request.v2'),
    routing: fc.record({
      provider: fc.constantFrom('local', 'hosted', 'fake'),
      model: fc.stringMatching(/^[a-z][a-z0-9.-]{2,24}$/),
    }),
    source: fc.record({
      repository: fc.stringMatching(/^[a-z][a-z0-9-]{1,20}\/[a-z][a-z0-9-]{1,20}$/),
      revision: hex40,
      paths: fc.array(path, { maxLength: 5 }),
    }),
    prompt: fc.string({ unit: 'grapheme', maxLength: 400 }),
    limits: fc.record({
      maxTurns: fc.integer({ min: 1, max: 64 }),
      timeoutSeconds: fc.integer({ min: 1, max: 86_400 }),
      maxOutputBytes: fc.integer({ min: 1_024, max: 1_048_576 }),
    }),
  });
}
