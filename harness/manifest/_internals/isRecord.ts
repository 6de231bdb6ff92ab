/**
 * Whether a parsed JSON value is an object (not an array, not null).
 * @internal
 */
export function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
