import * as fc from 'fast-check';
import { describe, it } from 'vitest';
import { checkDefects } from './__test-helpers__/checkDefects.js';
import { payload } from './payload.js';
import { payloadDigestDefect } from './payloadDigestDefect.js';

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
