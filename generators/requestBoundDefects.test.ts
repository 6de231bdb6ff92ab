import { describe, it } from 'vitest';
import { checkDefects } from './__test-helpers__/checkDefects.js';
import { requestBoundDefects } from './requestBoundDefects.js';

describe('requestBoundDefects', () => {
  it.each(requestBoundDefects().map((arbitrary, index) => [index, arbitrary] as const))('variant %i breaks exactly REQ-BOUND-REQUEST, by the host oracle', (_index, arbitrary) => {
    checkDefects(arbitrary, { numRuns: 4 });
  });
});
