/**
 * The JSON type name of a parsed value: `null`, `array`, or its `typeof`.
 * @internal
 */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

/**
 * A short JSON-safe rendition of an offending value for a violation's `details`:
 * strings cut to 200 characters, non-finite numbers as text, containers by type.
 * @internal
 */
export function excerpt(value: unknown): unknown {
  if (typeof value === 'string') return value.length > 200 ? `${value.slice(0, 200)}…` : value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (value === null || typeof value === 'boolean') return value;
  return jsonType(value);
}
