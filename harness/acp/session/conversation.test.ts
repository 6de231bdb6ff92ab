import { describe, expect, it } from 'vitest';
import type { ReceivedNotification } from '../AcpConnection.js';
import { conversationOf, replayDifference } from './conversation.js';

let index = 0;
const message = (kind: string, text: string, sessionId = 's1'): ReceivedNotification => ({
  method: 'session/update',
  params: { sessionId, update: { sessionUpdate: kind, content: { type: 'text', text } } },
  frame: { agent: 1, direction: 'agent→client', index: index++, raw: '{}' },
});

describe('conversation', () => {
  it("joins one speaker's chunks, keeps speakers in order and leaves out other sessions and non-message updates", () => {
    const updates = [
      message('user_message_chunk', 'hello '),
      message('user_message_chunk', 'there'),
      message('agent_message_chunk', 'elsewhere', 's2'),
      { ...message('tool_call', ''), params: { sessionId: 's1', update: { sessionUpdate: 'tool_call', toolCallId: 'c1' } } },
      message('agent_message_chunk', 'chunk 1. '),
      message('agent_thought_chunk', 'thinking'),
      message('agent_message_chunk', 'chunk 2.'),
      message('user_message_chunk', 'again'),
    ];
    expect(conversationOf(updates, 's1')).toEqual([
      { role: 'user', text: 'hello there' },
      { role: 'agent', text: 'chunk 1. chunk 2.' },
      { role: 'user', text: 'again' },
    ]);
  });

  it('accepts a replay chunked differently and rejects a missing turn, a missing speaker, an extra message', () => {
    const original = [
      { role: 'user', text: 'turn 1' },
      { role: 'agent', text: 'a b' },
      { role: 'user', text: 'turn 2' },
      { role: 'agent', text: 'c' },
    ] as const;
    expect(
      replayDifference(original, [
        { role: 'user', text: 'turn 1' },
        { role: 'agent', text: 'a  b\n' },
        { role: 'user', text: 'turn 2' },
        { role: 'agent', text: 'c' },
      ]),
    ).toBeNull();
    expect(replayDifference(original, original.slice(2))).toMatch(/message 1 of 4 should be user "turn 1", the replay has user "turn 2"/);
    expect(replayDifference(original, [{ role: 'agent', text: 'a bc' }])).toMatch(/message 1 of 4/);
    expect(replayDifference(original, [...original, { role: 'user', text: 'turn 3' }])).toMatch(/message 5 of 4 should be nothing/);
    expect(replayDifference(original, [])).toMatch(/the replay has nothing \(0 replayed/);
  });
});
