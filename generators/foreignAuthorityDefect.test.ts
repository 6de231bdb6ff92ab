import { describe, it } from 'vitest';
import { checkDefects } from './__test-helpers__/checkDefects.js';
import { foreignAuthorityDefect } from './foreignAuthorityDefect.js';

describe('foreignAuthorityDefect', () => {
  it('breaks exactly REQ-AUTHORITY, by the host oracle', () => {
    checkDefects(foreignAuthorityDefect());
  });
});
