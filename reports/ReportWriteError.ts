/** A report file could not be written (exit code 3: the suite failed, not the adapter). */
export class ReportWriteError extends Error {
  override readonly name = 'ReportWriteError' as const;
  /** The file that could not be written. */
  readonly path: string;

  /**
   * @param path - the file that could not be written
   * @param cause - the file-system error
   */
  constructor(path: string, cause: unknown) {
    super(`Could not write the report file ${path}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.path = path;
  }
}
