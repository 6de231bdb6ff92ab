import { describe, it } from 'vitest';
import { checkDefects } from './__test-helpers__/checkDefects.js';
import { unknownFieldDefect } from './unknownFieldDefect.js';

describe('unknownFieldDefect', () => {
  it('breaks exactly REQ-CLOSED, by the host oracle', () => {
    checkDefects(unknownFieldDefect());
  });
});
