/** Text decoded from bytes, and whether the bytes were valid UTF-8. */
export interface DecodedUtf8 {
  /** The text; invalid sequences replaced by U+FFFD. */
  readonly text: string;
  /** The bytes were not valid UTF-8. */
  readonly invalid: boolean;
}

/**
 * Decodes bytes as UTF-8, strictly first, then with replacement.
 * @param bytes - the bytes.
 * @param cut - the bytes were cut at an arbitrary offset (a capped capture): an
 *   incomplete sequence at the very end is then dropped, not counted as invalid.
 * @public
 */
export function decodeUtf8(bytes: Uint8Array, cut: boolean): DecodedUtf8 {
  try {
    // `stream: true` keeps a trailing partial sequence pending instead of failing on it.
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes, { stream: cut }), invalid: false };
  } catch {
    return { text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes, { stream: cut }), invalid: true };
  }
}
