/**
 * The suite asked the request oracle about a text that is not JSON at all: no
 * REQ clause describes such a case, so it is a fault of the generator.
 */
export class RequestTextParseError extends Error {
  override readonly name = 'RequestTextParseError' as const;
  /** The first characters of the text. */
  readonly textExcerpt: string;

  /**
   * @param text - the text that failed to parse
   * @param cause - JSON.parse's error
   */
  constructor(text: string, cause: unknown) {
    super(`request text is not JSON: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.textExcerpt = text.slice(0, 200);
  }
}
