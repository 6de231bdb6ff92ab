import { describe, expect, it } from 'vitest';
import { limits } from '../harness/protocol/limits.js';
import { sentPayloadMeasures } from './__test-helpers__/sentPayloadMeasures.js';
import { checkDefects } from './__test-helpers__/checkDefects.js';
import { objectBoundDefects } from './objectBoundDefects.js';

describe('objectBoundDefects', () => {
  it.each(objectBoundDefects().map((arbitrary, index) => [index, arbitrary] as const))('variant %i breaks exactly REQ-BOUND-OBJECT, by the host oracle', (_index, arbitrary) => {
    checkDefects(arbitrary, { numRuns: 20 });
  });

  it.each(objectBoundDefects().map((arbitrary, index) => [index, arbitrary] as const))('variant %i is exactly one over the bound', (_index, arbitrary) => {
    for (const measure of sentPayloadMeasures(arbitrary, 3)) expect(measure.maxObjectEntries).toBe(limits.maxObjectEntries + 1);
  });
});
