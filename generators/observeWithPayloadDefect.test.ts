import { describe, it } from 'vitest';
import { checkDefects } from './__test-helpers__/checkDefects.js';
import { observeWithPayloadDefect } from './observeWithPayloadDefect.js';

describe('observeWithPayloadDefect', () => {
  it('breaks exactly REQ-OBSERVE-NO-PAYLOAD, by the host oracle', () => {
    checkDefects(observeWithPayloadDefect());
  });
});
