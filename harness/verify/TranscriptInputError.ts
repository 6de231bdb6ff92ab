/**
 * A transcript `verify` cannot read: a missing file, a line that is not JSON,
 * lacks a required field, or breaks the file's order. Not evidence about the
 * adapter; `verify` exits 2 with this message.
 * @public
 */
export class TranscriptInputError extends Error {
  override readonly name = 'TranscriptInputError' as const;
  /** 1-based line number of the offending line, or null for the file as a whole. */
  readonly line: number | null;
  /** The field at fault, when one is. */
  readonly field: string | null;

  /**
   * @param message - what is wrong, naming the line and field
   * @param line - 1-based line number, or null
   * @param field - the field at fault, or null
   */
  constructor(message: string, line: number | null = null, field: string | null = null) {
    super(message);
    this.line = line;
    this.field = field;
  }
}
