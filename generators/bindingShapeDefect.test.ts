import { describe, it } from 'vitest';
import * as fc from 'fast-check';
import { checkDefects } from './__test-helpers__/checkDefects.js';
import { bindingShapeDefect, bindingShapeExamples } from './bindingShapeDefect.js';

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
