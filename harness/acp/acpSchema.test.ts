import { describe, expect, it } from 'vitest';
import { acpSchemaErrors } from './acpSchema.js';

describe('acpSchemaErrors', () => {
  const update = (content: unknown) => ({ sessionId: 'sess_1', update: { sessionUpdate: 'agent_message_chunk', content } });

  it('accepts a message chunk whose content is a text block', () => {
    expect(acpSchemaErrors('SessionNotification', update({ type: 'text', text: 'hello' }))).toEqual([]);
  });

  it.each([
    ['a bare string', 'hello'],
    ['a block of an unknown type', { type: 'bogus' }],
    ['a text block without its text', { type: 'text' }],
  ])('refuses a message chunk whose content is %s', (_, content) => {
    expect(acpSchemaErrors('SessionNotification', update(content)).length).toBeGreaterThan(0);
  });
});
