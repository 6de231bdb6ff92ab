/**
 * Appends one segment to a JSON pointer (RFC 6901 escaping).
 * @internal
 */
export function jsonPointer(parent: string, key: string | number): string {
  return `${parent}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
}
