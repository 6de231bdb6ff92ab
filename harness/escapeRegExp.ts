/**
 * `text` as a regular expression that matches exactly it (every metacharacter escaped):
 * for anchoring a test name in `--only`, or matching paths under a directory whatever its name holds.
 * @param text - literal text.
 * @public
 */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
