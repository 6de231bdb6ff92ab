import * as fc from 'fast-check';
import { expect } from 'vitest';
import { bindingFor } from '../harness/protocol/bindingFor.js';
import { describe, it } from 'vitest';
import { checkDefects } from './__test-helpers__/checkDefects.js';
import { digestFormatDefect, digestFormatExamples } from './digestFormatDefect.js';

describe('digestFormatDefect', () => {
  it('breaks exactly REQ-DIGEST-FORMAT, by the host oracle', () => {
    checkDefects(digestFormatDefect());
  });
});

describe('digestFormatDefect cases', () => {
  it('include the correct digest in uppercase hex, against both targets', () => {
    const defects = fc.sample(digestFormatDefect(), { numRuns: 300, seed: 1 });
    const uppercase = defects.filter((found) => found.describe().includes('uppercase hex'));
    expect(new Set(uppercase.map((found) => found.target))).toEqual(new Set(['fresh', 'admitted']));
    const [first] = uppercase;
    const binding = bindingFor({ operationId: 'op-1', authorityId: 'ledger-a1', payload: { a: 1 } });
    const sent = JSON.parse(first?.build({ binding, payload: { a: 1 }, authorityId: 'ledger-a1' }).text ?? '{}') as { binding: { requestDigest: string } };
    expect(sent.binding.requestDigest).toBe(`sha256:${binding.requestDigest.slice(7).toUpperCase()}`);
  });
});

describe('digestFormatExamples', () => {
  it('are must-try cases that break exactly REQ-DIGEST-FORMAT, by the host oracle', () => {
    checkDefects(fc.constantFrom(...digestFormatExamples()), { numRuns: 20 });
  });
});
