import * as fc from 'fast-check';
import { expect } from 'vitest';
import { bindingFor } from '../harness/protocol/bindingFor.js';
import { IDENTITY_MAX_LENGTH } from '../harness/protocol/identity.js';
import { describe, it } from 'vitest';
import { checkDefects } from './__test-helpers__/checkDefects.js';
import { identityDefect, identityExamples } from './identityDefect.js';

describe('identityDefect', () => {
  it('breaks exactly REQ-IDENTITY, by the host oracle', () => {
    checkDefects(identityDefect());
  });
});

describe('identityDefect cases', () => {
  it('pad a 160-character operationId to 161, keeping the base ID as its prefix', () => {
    const defects = fc.sample(identityDefect(), { numRuns: 500, seed: 3 }).filter((found) => found.operationIdLength !== null);
    expect(defects.length).toBeGreaterThan(0);
    const operationId = 'o'.repeat(IDENTITY_MAX_LENGTH);
    const binding = bindingFor({ operationId, authorityId: 'ledger-a1', payload: null });
    for (const found of defects) {
      expect(found.operationIdLength).toBe(IDENTITY_MAX_LENGTH);
      const sent = JSON.parse(found.build({ binding, payload: null, authorityId: 'ledger-a1' }).text) as { binding: { operationId: string } };
      expect(sent.binding.operationId.startsWith(operationId)).toBe(true);
      expect(sent.binding.operationId.length).toBeGreaterThan(IDENTITY_MAX_LENGTH);
    }
  });
});

describe('identityExamples', () => {
  it('are must-try cases that break exactly REQ-IDENTITY, by the host oracle', () => {
    checkDefects(fc.constantFrom(...identityExamples()), { numRuns: 20 });
  });
});
