import { describe, expect, it } from 'vitest';
import { limits } from '../harness/protocol/types.js';
import { checkDefects, sentPayloadMeasures } from './__test-helpers__/checkDefects.js';
import { arrayBoundDefects, bytesBoundDefects, depthBoundDefects, finiteBoundDefects, keyBoundDefects, objectBoundDefects, requestBoundDefects, valuesBoundDefects } from './boundDefects.js';
import * as fc from 'fast-check';
import { bindingFor } from '../harness/protocol/requests.js';
import { digestCanonical } from '../harness/protocol/digest.js';

describe('depthBoundDefects', () => {
  it.each(depthBoundDefects().map((arbitrary, index) => [index, arbitrary] as const))('variant %i breaks exactly REQ-BOUND-DEPTH, by the host oracle', (_index, arbitrary) => {
    checkDefects(arbitrary, { numRuns: 20 });
  });

  it.each(depthBoundDefects().map((arbitrary, index) => [index, arbitrary] as const))('variant %i is exactly one over the bound', (_index, arbitrary) => {
    for (const measure of sentPayloadMeasures(arbitrary, 3)) expect(measure.depth).toBe(limits.maxDepth + 1);
  });
});

describe('valuesBoundDefects', () => {
  it.each(valuesBoundDefects().map((arbitrary, index) => [index, arbitrary] as const))('variant %i breaks exactly REQ-BOUND-VALUES, by the host oracle', (_index, arbitrary) => {
    checkDefects(arbitrary, { numRuns: 8 });
  });

  it.each(valuesBoundDefects().map((arbitrary, index) => [index, arbitrary] as const))('variant %i is exactly one over the bound', (_index, arbitrary) => {
    for (const measure of sentPayloadMeasures(arbitrary, 3)) expect(measure.values).toBe(limits.maxValues + 1);
  });
});

describe('arrayBoundDefects', () => {
  it.each(arrayBoundDefects().map((arbitrary, index) => [index, arbitrary] as const))('variant %i breaks exactly REQ-BOUND-ARRAY, by the host oracle', (_index, arbitrary) => {
    checkDefects(arbitrary, { numRuns: 20 });
  });

  it.each(arrayBoundDefects().map((arbitrary, index) => [index, arbitrary] as const))('variant %i is exactly one over the bound', (_index, arbitrary) => {
    for (const measure of sentPayloadMeasures(arbitrary, 3)) expect(measure.maxArrayEntries).toBe(limits.maxArrayEntries + 1);
  });
});

describe('objectBoundDefects', () => {
  it.each(objectBoundDefects().map((arbitrary, index) => [index, arbitrary] as const))('variant %i breaks exactly REQ-BOUND-OBJECT, by the host oracle', (_index, arbitrary) => {
    checkDefects(arbitrary, { numRuns: 20 });
  });

  it.each(objectBoundDefects().map((arbitrary, index) => [index, arbitrary] as const))('variant %i is exactly one over the bound', (_index, arbitrary) => {
    for (const measure of sentPayloadMeasures(arbitrary, 3)) expect(measure.maxObjectEntries).toBe(limits.maxObjectEntries + 1);
  });
});

describe('keyBoundDefects', () => {
  it.each(keyBoundDefects().map((arbitrary, index) => [index, arbitrary] as const))('variant %i breaks exactly REQ-BOUND-KEY, by the host oracle', (_index, arbitrary) => {
    checkDefects(arbitrary, { numRuns: 20 });
  });
});

describe('finiteBoundDefects', () => {
  it.each(finiteBoundDefects().map((arbitrary, index) => [index, arbitrary] as const))('variant %i breaks exactly REQ-BOUND-FINITE, by the host oracle', (_index, arbitrary) => {
    checkDefects(arbitrary, { numRuns: 20 });
  });

  it('sends some cases with the digest of the payload read with null for Infinity', () => {
    const base = { binding: bindingFor({ operationId: 'op-1', authorityId: 'ledger-a1', payload: null }), payload: null, authorityId: 'ledger-a1' };
    const asNull = finiteBoundDefects()
      .flatMap((arbitrary) => fc.sample(arbitrary, 3))
      .filter((defect) => {
        const sent = JSON.parse(defect.build(base).text) as { binding: { requestDigest: string }; payload: unknown };
        return sent.binding.requestDigest === digestCanonical(JSON.parse(JSON.stringify(sent.payload)));
      });
    expect(asNull.length).toBeGreaterThan(0);
  });
});

describe('bytesBoundDefects', () => {
  it.each(bytesBoundDefects().map((arbitrary, index) => [index, arbitrary] as const))('variant %i breaks exactly REQ-BOUND-BYTES, by the host oracle', (_index, arbitrary) => {
    checkDefects(arbitrary, { numRuns: 4 });
  });
});

describe('requestBoundDefects', () => {
  it.each(requestBoundDefects().map((arbitrary, index) => [index, arbitrary] as const))('variant %i breaks exactly REQ-BOUND-REQUEST, by the host oracle', (_index, arbitrary) => {
    checkDefects(arbitrary, { numRuns: 4 });
  });
});
