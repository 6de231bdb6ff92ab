import { describe, it } from 'vitest';
import { checkDefects } from './__test-helpers__/checkDefects.js';
import { bytesBoundDefects } from './bytesBoundDefects.js';

describe('bytesBoundDefects', () => {
  it.each(bytesBoundDefects().map((arbitrary, index) => [index, arbitrary] as const))('variant %i breaks exactly REQ-BOUND-BYTES, by the host oracle', (_index, arbitrary) => {
    checkDefects(arbitrary, { numRuns: 4 });
  });
});
