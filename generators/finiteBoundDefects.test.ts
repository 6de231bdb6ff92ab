import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bindingFor } from '../harness/protocol/bindingFor.js';
import { digestCanonical } from '../harness/protocol/digest.js';
import { checkDefects } from './__test-helpers__/checkDefects.js';
import { finiteBoundDefects } from './finiteBoundDefects.js';

describe('finiteBoundDefects', () => {
  it.each(finiteBoundDefects().map((arbitrary, index) => [index, arbitrary] as const))('variant %i breaks exactly REQ-BOUND-FINITE, by the host oracle', (_index, arbitrary) => {
    checkDefects(arbitrary, { numRuns: 20 });
  });

  it('sends some cases with the digest of the payload read with null for Infinity', () => {
    const base = { binding: bindingFor({ operationId: 'op-1', authorityId: 'ledger-a1', payload: null }), payload: null, authorityId: 'ledger-a1' };
    const asNull = finiteBoundDefects().flatMap((arbitrary) => fc.sample(arbitrary, 3)).filter((defect) => {
      const sent = JSON.parse(defect.build(base).text) as { binding: { requestDigest: string }; payload: unknown };
      return sent.binding.requestDigest === digestCanonical(JSON.parse(JSON.stringify(sent.payload)));
    });
    expect(asNull.length).toBeGreaterThan(0);
  });
});
