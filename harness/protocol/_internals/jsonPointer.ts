/**
 * Builds a JSON pointer (RFC 6901) from path segments, escaping `~` and `/`.
 * @internal
 */
export function jsonPointer(...segments: readonly (string | number)[]): string {
  return segments.map((segment) => `/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}
