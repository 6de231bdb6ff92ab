import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { checkDefects } from './__test-helpers__/checkDefects.js';
import {
  bindingShapeDefect,
  bindingShapeExamples,
  digestFormatDefect,
  digestFormatExamples,
  foreignAuthorityDefect,
  identityDefect,
  identityExamples,
  payloadDigestDefect,
} from './bindingDefects.js';
import { bindingFor } from '../harness/protocol/requests.js';
import { IDENTITY_MAX_LENGTH } from '../harness/protocol/types.js';
import { payload } from './payload.js';

describe('bindingShapeDefect', () => {
  it('breaks exactly REQ-BINDING-CLOSED, by the host oracle', () => {
    checkDefects(bindingShapeDefect());
  });
});

describe('bindingShapeExamples', () => {
  it('are must-try cases that break exactly REQ-BINDING-CLOSED, by the host oracle', () => {
    checkDefects(fc.constantFrom(...bindingShapeExamples()), { numRuns: 20 });
  });
});

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

describe('payloadDigestDefect', () => {
  it('breaks exactly REQ-PAYLOAD-DIGEST, by the host oracle', () => {
    checkDefects(payloadDigestDefect({ payload: payload({ kind: 'any-json' }) }));
  });

  it('still breaks it when the family has a single payload to offer', () => {
    const samples = [{ job: 'only' }];
    checkDefects(payloadDigestDefect({ payload: fc.constantFrom(...samples) }), { family: { kind: 'samples', file: 'samples.json', samples } });
  });

  it('breaks it for scalar payloads, whose unsorted and indented forms are canonical', () => {
    const samples = [7];
    checkDefects(payloadDigestDefect({ payload: fc.constant(7) }), { family: { kind: 'samples', file: 'samples.json', samples } });
  });

  it('breaks it for coding-job payloads', () => {
    checkDefects(payloadDigestDefect({ payload: payload({ kind: 'coding-job-v2' }) }), { family: { kind: 'coding-job-v2' }, numRuns: 50 });
  });
});

describe('foreignAuthorityDefect', () => {
  it('breaks exactly REQ-AUTHORITY, by the host oracle', () => {
    checkDefects(foreignAuthorityDefect());
  });
});
