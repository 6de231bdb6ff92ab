import { describe, it } from 'vitest';
import { checkDefects } from './__test-helpers__/checkDefects.js';
import { contractDefect } from './contractDefect.js';

describe('contractDefect', () => {
  it('breaks exactly REQ-CONTRACT, by the host oracle', () => {
    checkDefects(contractDefect());
  });
});
