import { describe, expect, it } from 'vitest';
import { limits } from '../harness/protocol/limits.js';
import { sentPayloadMeasures } from './__test-helpers__/sentPayloadMeasures.js';
import { checkDefects } from './__test-helpers__/checkDefects.js';
import { arrayBoundDefects } from './arrayBoundDefects.js';

describe('arrayBoundDefects', () => {
  it.each(arrayBoundDefects().map((arbitrary, index) => [index, arbitrary] as const))('variant %i breaks exactly REQ-BOUND-ARRAY, by the host oracle', (_index, arbitrary) => {
    checkDefects(arbitrary, { numRuns: 20 });
  });

  it.each(arrayBoundDefects().map((arbitrary, index) => [index, arbitrary] as const))('variant %i is exactly one over the bound', (_index, arbitrary) => {
    for (const measure of sentPayloadMeasures(arbitrary, 3)) expect(measure.maxArrayEntries).toBe(limits.maxArrayEntries + 1);
  });
});
