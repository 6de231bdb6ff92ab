import { describe, it } from 'vitest';
import { checkDefects } from './__test-helpers__/checkDefects.js';
import { bindingShapeDefect } from './bindingShapeDefect.js';

describe('bindingShapeDefect', () => {
  it('breaks exactly REQ-BINDING-CLOSED, by the host oracle', () => {
    checkDefects(bindingShapeDefect());
  });
});
