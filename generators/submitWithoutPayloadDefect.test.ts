import { describe, it } from 'vitest';
import { checkDefects } from './__test-helpers__/checkDefects.js';
import { submitWithoutPayloadDefect } from './submitWithoutPayloadDefect.js';

describe('submitWithoutPayloadDefect', () => {
  it('breaks exactly REQ-SUBMIT-PAYLOAD, by the host oracle', () => {
    checkDefects(submitWithoutPayloadDefect());
  });
});
