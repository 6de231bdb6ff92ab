// Quoting text for another language: a shell (replay commands the report prints) or a
// regular expression (anchoring a test name in `--only`, matching paths under a directory).

/**
 * `text` as a regular expression that matches exactly it (every metacharacter escaped):
 * for anchoring a test name in `--only`, or matching paths under a directory whatever its name holds.
 * @param text - literal text.
 * @public
 */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * `word` as one POSIX shell word: unchanged when it holds only characters no shell
 * treats specially, else single-quoted (an inner `'` written `'\''`).
 * @param word - one argument of a command line.
 * @public
 */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
