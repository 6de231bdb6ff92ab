/**
 * Whether a parsed JSON value is an object (not null, not an array): the one
 * plain-object check of the harness.
 */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Builds a JSON pointer (RFC 6901) from path segments, escaping `~` and `/`;
 * no segments give the root pointer `''`. Append to an existing pointer by
 * concatenation: `parent + jsonPointer(key)`.
 */
export function jsonPointer(...segments: readonly (string | number)[]): string {
  return segments.map((segment) => `/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

/** The JSON type name of a parsed value: `null`, `array`, or its `typeof`. */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

/**
 * A short JSON-safe rendition of an offending value for a violation's `details`:
 * strings cut to 200 characters, non-finite numbers as text, containers by type.
 */
export function excerpt(value: unknown): unknown {
  if (typeof value === 'string') return value.length > 200 ? `${value.slice(0, 200)}…` : value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (value === null || typeof value === 'boolean') return value;
  return jsonType(value);
}

/** Printable ASCII other than `"` and `\`. */
const PLAIN = /^[ !#-[\]-~]*$/;

/**
 * Whether `text` is printable ASCII other than `"` and `\` (most keys and values):
 * then it is one UTF-8 byte per character, and `JSON.stringify(text)` only adds the
 * quotes, so callers can skip encoding it.
 */
export function isPlainText(text: string): boolean {
  return PLAIN.test(text);
}
