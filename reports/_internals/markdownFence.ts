import { escapeControls } from './escapeControls.js';

/**
 * A fenced Markdown block that no backtick run inside the content can close early.
 * @param content - any text, possibly adapter output
 * @param info - the info string (language)
 * @internal
 */
export function markdownFence(content: string, info: string): string[] {
  const body = escapeControls(content);
  const longest = Math.max(0, ...[...body.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return [`${fence}${info}`, ...body.split('\n'), fence];
}
