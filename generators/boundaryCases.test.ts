import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IDENTITY_PATTERN, limits } from '../harness/protocol/types.js';
import { measurePayload, type PayloadMeasure } from '../harness/protocol/measurePayload.js';
import { requestText, submitRequest } from '../harness/protocol/requests.js';
import { validateRequestText } from '../harness/protocol/validateRequest.js';
import { boundaryCases, type BoundaryBound } from './boundaryCases.js';
import { isArrayIndexKey } from '../harness/protocol/canonicalJson.js';
import { hostCanonical, hostDigestText } from '../harness/agreement/__test-helpers__/hostModel.js';

/** The measured quantity and the limit it must equal, per bound. */
const ON_BOUND: Readonly<Record<Exclude<BoundaryBound, 'identity-length' | 'request-bytes'>, readonly [keyof PayloadMeasure, number]>> = {
  depth: ['depth', limits.maxDepth],
  values: ['values', limits.maxValues],
  'array-entries': ['maxArrayEntries', limits.maxArrayEntries],
  'object-entries': ['maxObjectEntries', limits.maxObjectEntries],
  'key-bytes': ['maxKeyBytes', limits.maxKeyBytes],
};

describe('boundaryCases', () => {
  it.each(boundaryCases().map((arbitrary, index) => [index, arbitrary] as const))('case %i is well-formed and sits exactly on its bound', (_index, arbitrary) => {
    fc.assert(
      fc.property(arbitrary, fc.stringMatching(IDENTITY_PATTERN), fc.stringMatching(IDENTITY_PATTERN), (found, operationId, authorityId) => {
        const id = found.operationIdLength === null ? operationId : operationId.padEnd(found.operationIdLength, 'x').slice(0, found.operationIdLength);
        const { binding, payload } = found.build({ operationId: id, authorityId });
        const text = requestText(submitRequest(binding, payload));
        expect(validateRequestText(text, { argvAction: 'submit', authorityId }), found.describe()).toEqual([]);
        if (found.bound === 'identity-length') expect(binding.operationId).toHaveLength(160);
        else if (found.bound === 'request-bytes') expect(Buffer.byteLength(text, 'utf8')).toBe(limits.maxRequestBytes);
        else {
          const [measured, limit] = ON_BOUND[found.bound];
          expect(measurePayload(payload)[measured], found.describe()).toBe(limit);
        }
      }),
      { numRuns: 10 },
    );
  });

  it("puts integer-like keys in its objects on purpose, bound by the digest algal's host computes", () => {
    const objects = fc.sample(fc.oneof(...boundaryCases()), { numRuns: 200, seed: 3 }).filter((found) => found.bound === 'object-entries');
    expect(objects.length).toBeGreaterThan(0);
    let indexKeyed = 0;
    for (const found of objects) {
      const { binding, payload } = found.build({ operationId: 'op-1', authorityId: 'ledger-a1' });
      if (Object.keys(payload as object).some(isArrayIndexKey)) indexKeyed += 1;
      expect(binding.requestDigest).toBe(hostDigestText(hostCanonical(payload)));
    }
    expect(indexKeyed).toBeGreaterThan(objects.length / 2);
  });
});
