import { describe, it } from 'vitest';
import { checkDefects } from './__test-helpers__/checkDefects.js';
import { missingFieldDefect } from './missingFieldDefect.js';

describe('missingFieldDefect', () => {
  it('breaks exactly REQ-REQUIRED, by the host oracle', () => {
    checkDefects(missingFieldDefect());
  });
});
