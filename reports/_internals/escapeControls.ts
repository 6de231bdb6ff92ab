/**
 * Characters an adapter may emit that must never reach a reviewer's screen or
 * an XML file raw: C0/C1 controls except TAB and LF (ESC would drive the
 * terminal; most are forbidden in XML 1.0), lone surrogates, U+FFFE/U+FFFF
 * (not XML characters), and bidirectional overrides (they reorder what is shown).
 */
const UNSAFE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFFFE\uFFFF]|[\uD800-\uDFFF]/gu;

/**
 * Replaces every unsafe character with a visible `\u{…}` escape (`\r` for CR).
 * @param text - any text, possibly adapter output
 * @internal
 */
export function escapeControls(text: string): string {
  return text.replace(UNSAFE, (char) =>
    char === '\r' ? '\\r' : `\\u{${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}}`,
  );
}
