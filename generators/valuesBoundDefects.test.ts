import { describe, expect, it } from 'vitest';
import { limits } from '../harness/protocol/limits.js';
import { sentPayloadMeasures } from './__test-helpers__/sentPayloadMeasures.js';
import { checkDefects } from './__test-helpers__/checkDefects.js';
import { valuesBoundDefects } from './valuesBoundDefects.js';

describe('valuesBoundDefects', () => {
  it.each(valuesBoundDefects().map((arbitrary, index) => [index, arbitrary] as const))('variant %i breaks exactly REQ-BOUND-VALUES, by the host oracle', (_index, arbitrary) => {
    checkDefects(arbitrary, { numRuns: 8 });
  });

  it.each(valuesBoundDefects().map((arbitrary, index) => [index, arbitrary] as const))('variant %i is exactly one over the bound', (_index, arbitrary) => {
    for (const measure of sentPayloadMeasures(arbitrary, 3)) expect(measure.values).toBe(limits.maxValues + 1);
  });
});
