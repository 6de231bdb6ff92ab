/** Printable ASCII other than `"` and `\`. */
const PLAIN = /^[ !#-[\]-~]*$/;

/**
 * Whether `text` is printable ASCII other than `"` and `\` (most keys and values):
 * then it is one UTF-8 byte per character, and `JSON.stringify(text)` only adds the
 * quotes, so callers can skip encoding it.
 * @internal
 */
export function isPlainText(text: string): boolean {
  return PLAIN.test(text);
}
