import * as fc from 'fast-check';
import { describe, it } from 'vitest';
import { checkDefects } from './__test-helpers__/checkDefects.js';
import { unknownFieldDefect, unknownFieldExamples } from './unknownFieldDefect.js';

describe('unknownFieldDefect', () => {
  it('breaks exactly REQ-CLOSED, by the host oracle', () => {
    checkDefects(unknownFieldDefect());
  });
});

describe('unknownFieldExamples', () => {
  it('are must-try cases that break exactly REQ-CLOSED, by the host oracle', () => {
    checkDefects(fc.constantFrom(...unknownFieldExamples()), { numRuns: 20 });
  });
});
