import * as fc from 'fast-check';
import { describe, it } from 'vitest';
import { checkDefects } from './__test-helpers__/checkDefects.js';
import { missingFieldDefect, missingFieldExamples } from './missingFieldDefect.js';

describe('missingFieldDefect', () => {
  it('breaks exactly REQ-REQUIRED, by the host oracle', () => {
    checkDefects(missingFieldDefect());
  });
});

describe('missingFieldExamples', () => {
  it('are must-try cases that break exactly REQ-REQUIRED, by the host oracle', () => {
    checkDefects(fc.constantFrom(...missingFieldExamples()), { numRuns: 20 });
  });
});
