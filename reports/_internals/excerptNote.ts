/**
 * `', excerpt'` when the text shown is shorter than the bytes produced, else `''`.
 * @param shown - the excerpt in the report
 * @param bytes - how many bytes there really were
 * @internal
 */
export function excerptNote(shown: string, bytes: number): string {
  return Buffer.byteLength(shown, 'utf8') < bytes ? ', excerpt' : '';
}
