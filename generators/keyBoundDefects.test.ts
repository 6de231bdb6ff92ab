import { describe, it } from 'vitest';
import { checkDefects } from './__test-helpers__/checkDefects.js';
import { keyBoundDefects } from './keyBoundDefects.js';

describe('keyBoundDefects', () => {
  it.each(keyBoundDefects().map((arbitrary, index) => [index, arbitrary] as const))('variant %i breaks exactly REQ-BOUND-KEY, by the host oracle', (_index, arbitrary) => {
    checkDefects(arbitrary, { numRuns: 20 });
  });
});
