import { describe, it } from 'vitest';
import { checkDefects } from './__test-helpers__/checkDefects.js';
import { actionValueDefect } from './actionValueDefect.js';

describe('actionValueDefect', () => {
  it('breaks exactly REQ-ACTION-VALUE, by the host oracle', () => {
    checkDefects(actionValueDefect());
  });
});
