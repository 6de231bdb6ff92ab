/**
 * The suite fed the history checker something it cannot judge (entries out of
 * `endedAt` order, mixed bindings, bad times): a harness fault, not the adapter's.
 */
export class HistoryInputError extends Error {
  override readonly name = 'HistoryInputError' as const;
  /** The `ref` of the offending entry. */
  readonly ref: number;

  /**
   * @param message - what was wrong
   * @param ref - the offending entry's ref
   */
  constructor(message: string, ref: number) {
    super(message);
    this.ref = ref;
  }
}
