import type { ReceivedNotification } from '../AcpConnection.js';

// A session's conversation as the client sees it in `session/update`s: who said what, in order.
// `session/load` must replay it whole, so the suite compares what it saw during the turns with what
// the load replays (chunking may differ; adjacent chunks of one speaker are joined).

/** One speaker's consecutive message text. */
export interface ConversationEntry {
  readonly role: 'user' | 'agent';
  readonly text: string;
}

const ROLE_OF: Readonly<Record<string, ConversationEntry['role']>> = { user_message_chunk: 'user', agent_message_chunk: 'agent' };

/** The text of a content block (a non-text block as its type in brackets). */
function blockText(content: unknown): string {
  const block = content as { type?: unknown; text?: unknown } | null | undefined;
  if (block?.type === 'text' && typeof block.text === 'string') return block.text;
  return `[${typeof block?.type === 'string' ? block.type : 'content'}]`;
}

/**
 * Appends one message to a conversation, joining it to the last entry when the speaker is the same.
 * @param entries - the conversation so far (changed in place)
 * @param role - who speaks
 * @param text - what
 */
export function appendMessage(entries: ConversationEntry[], role: ConversationEntry['role'], text: string): void {
  const last = entries.at(-1);
  if (last !== undefined && last.role === role) entries[entries.length - 1] = { role, text: last.text + text };
  else entries.push({ role, text });
}

/**
 * The conversation shown by `session/update`s naming `sessionId` (message chunks only; tool calls,
 * thoughts and session-level updates are not part of it).
 * @param notifications - notifications as read from the wire
 * @param sessionId - the session
 */
export function conversationOf(notifications: readonly ReceivedNotification[], sessionId: string): ConversationEntry[] {
  const entries: ConversationEntry[] = [];
  for (const notification of notifications) {
    if (notification.method !== 'session/update') continue;
    const params = notification.params as { sessionId?: unknown; update?: { sessionUpdate?: unknown; content?: unknown } } | null;
    if (params?.sessionId !== sessionId) continue;
    const role = typeof params.update?.sessionUpdate === 'string' ? ROLE_OF[params.update.sessionUpdate] : undefined;
    if (role !== undefined) appendMessage(entries, role, blockText(params.update?.content));
  }
  return entries;
}

const normalized = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * How a replayed conversation differs from the one the suite saw: null when every entry is there, in
 * order, each replayed text holding the original one (whitespace aside), and nothing more was said.
 * @param original - the conversation seen during the turns
 * @param replayed - the conversation the load replayed
 */
export function replayDifference(original: readonly ConversationEntry[], replayed: readonly ConversationEntry[]): string | null {
  const describe = (entry: ConversationEntry | undefined): string => (entry === undefined ? 'nothing' : `${entry.role} ${JSON.stringify(entry.text.slice(0, 80))}`);
  for (let index = 0; index < Math.max(original.length, replayed.length); index++) {
    const want = original[index];
    const got = replayed[index];
    if (want === undefined || got === undefined || want.role !== got.role || !normalized(got.text).includes(normalized(want.text)))
      return `message ${index + 1} of ${original.length} should be ${describe(want)}, the replay has ${describe(got)} (${replayed.length} replayed message(s) in all)`;
  }
  return null;
}
