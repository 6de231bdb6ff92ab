/*
 * Cuts text to at most `max` UTF-16 code units (never inside a surrogate
 * pair), saying how much was left out. Adapter text can be megabytes; a
 * report shows an excerpt and the transcript keeps the rest.
 * @param text - any text
 * @param max - the most code units kept
 * @internal
 */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  if (/[\uD800-\uDBFF]/.test(text[end - 1] ?? '')) end -= 1;
  return `${text.slice(0, end)}… (${text.length - end} more characters not shown)`;
}

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
  return text.replace(UNSAFE, (char) => (char === '\r' ? '\\r' : `\\u{${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}}`));
}

/**
 * `', excerpt'` when the text shown is shorter than the bytes produced, else `''`.
 * @param shown - the excerpt in the report
 * @param bytes - how many bytes there really were
 * @internal
 */
export function excerptNote(shown: string, bytes: number): string {
  return Buffer.byteLength(shown, 'utf8') < bytes ? ', excerpt' : '';
}

// The markup characters Markdown cells and HTML text or attributes must not carry raw.
const HTML_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Escapes text for a Markdown paragraph or table cell: one line, no markup, no raw HTML.
 * @param value - any text, possibly adapter output
 * @internal
 */
export function markdownText(value: string): string {
  return escapeControls(value)
    .replace(/\r?\n/g, ' ')
    .replace(/[\\`*_[\]|~#!]/g, (char) => `\\${char}`)
    .replace(/[&<>]/g, (char) => HTML_ENTITIES[char] ?? char);
}

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

/**
 * The Content-Security-Policy of every page the suite writes: no script, no
 * external resource, so a page renders the same offline and makes no request
 * even if escaping were ever wrong.
 * @internal Shared by the acceptance and self-check pages.
 */
export const HTML_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; script-src 'none'; form-action 'none'; base-uri 'none'";

/**
 * Text for HTML element content or a quoted attribute: capped at `max`
 * characters, control characters and lone surrogates made visible, markup escaped.
 * @internal Shared by the acceptance and self-check pages.
 */
export function escapeHtml(text: string, max: number): string {
  return escapeControls(capText(text, max)).replace(/[&<>"']/g, (char) => HTML_ENTITIES[char] ?? char);
}
