import { describe, it } from 'vitest';
import { checkDefects } from './__test-helpers__/checkDefects.js';
import { actionArgvDefect } from './actionArgvDefect.js';

describe('actionArgvDefect', () => {
  it('breaks exactly REQ-ACTION-ARGV, by the host oracle', () => {
    checkDefects(actionArgvDefect());
  });
});
