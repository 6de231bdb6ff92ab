import { describe, it } from 'vitest';
import * as fc from 'fast-check';
import { checkDefects } from './__test-helpers__/checkDefects.js';
import { contractDefect, contractExamples } from './contractDefect.js';

describe('contractDefect', () => {
  it('breaks exactly REQ-CONTRACT, by the host oracle', () => {
    checkDefects(contractDefect());
  });
});

describe('contractExamples', () => {
  it('are must-try cases that break exactly REQ-CONTRACT, by the host oracle', () => {
    checkDefects(fc.constantFrom(...contractExamples()), { numRuns: 20 });
  });
});
