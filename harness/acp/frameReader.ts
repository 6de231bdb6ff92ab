// Splitting the agent's raw stdout bytes into lines without ever holding more than the frame bound.

/** Default frame bound: a longer line is a framing failure (ACP-FRM-LINE). */
export const DEFAULT_FRAME_BOUND_BYTES = 32 * 1024 * 1024;

/** How many bytes of an over-long or unterminated line are kept as evidence. */
export const FRAME_HEAD_BYTES = 1024;

/** One piece of the agent's stdout, as the reader delimits it. */
export type RawFrame =
  /** A complete line, without its `\n`. */
  | { readonly kind: 'line'; readonly bytes: Buffer }
  /** A line longer than the bound: only its first bytes are kept, the rest was counted and dropped. */
  | { readonly kind: 'overlong'; readonly length: number; readonly head: Buffer; readonly terminated: boolean }
  /** Bytes after the last `\n` when stdout ended. */
  | { readonly kind: 'unterminated'; readonly bytes: Buffer };

/**
 * Splits a byte stream at `\n` into {@link RawFrame}s. Holds at most `bound` bytes of an
 * unfinished line; past that, the line is reported once as `overlong` (when it ends or the
 * stream does) and its bytes are only counted.
 */
export class BoundedLineReader {
  readonly #bound: number;
  readonly #onFrame: (frame: RawFrame) => void;
  #parts: Buffer[] = [];
  #held = 0;
  /** Length of the current over-long line, or -1 while the line is within the bound. */
  #overlongLength = -1;
  #overlongHead: Buffer = Buffer.alloc(0);

  /**
   * @param bound - the frame bound in bytes (a line of exactly `bound` bytes is accepted)
   * @param onFrame - called with every frame, in order
   */
  constructor(bound: number, onFrame: (frame: RawFrame) => void) {
    if (!Number.isSafeInteger(bound) || bound < 1) throw new RangeError(`frame bound must be a positive integer, got ${String(bound)}`);
    this.#bound = bound;
    this.#onFrame = onFrame;
  }

  /** Bytes of the current unfinished line held in memory (never above the bound). */
  get heldBytes(): number {
    return this.#held;
  }

  /**
   * Feeds the next bytes of the stream.
   * @param chunk - bytes as they arrived
   */
  push(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(0x0a, start);
      const end = newline === -1 ? chunk.length : newline;
      this.#append(chunk.subarray(start, end));
      if (newline === -1) return;
      this.#finishLine(true);
      start = newline + 1;
    }
  }

  /** Ends the stream: an unfinished line is reported as `unterminated` (or `overlong`). */
  end(): void {
    if (this.#overlongLength >= 0) this.#finishLine(false);
    else if (this.#held > 0) {
      const bytes = Buffer.concat(this.#parts);
      this.#reset();
      this.#onFrame({ kind: 'unterminated', bytes });
    }
  }

  /**
   * Ends the stream because the suite stopped reading (it ended the agent): a line already over the
   * bound is still reported (it broke the bound whatever came next); a shorter unfinished line is
   * dropped, since the suite, not the agent, cut it short.
   */
  abandon(): void {
    if (this.#overlongLength >= 0) this.#finishLine(false);
    this.#reset();
  }

  #append(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.#overlongLength >= 0) {
      this.#overlongLength += piece.length;
      return;
    }
    if (this.#held + piece.length <= this.#bound) {
      // A copy: the stream may reuse its chunk's memory.
      this.#parts.push(Buffer.from(piece));
      this.#held += piece.length;
      return;
    }
    const head = Buffer.concat([...this.#parts, piece.subarray(0, FRAME_HEAD_BYTES)]).subarray(0, FRAME_HEAD_BYTES);
    this.#overlongLength = this.#held + piece.length;
    this.#overlongHead = Buffer.from(head);
    this.#parts = [];
    this.#held = 0;
  }

  #finishLine(terminated: boolean): void {
    if (this.#overlongLength >= 0) {
      const frame: RawFrame = { kind: 'overlong', length: this.#overlongLength, head: this.#overlongHead, terminated };
      this.#reset();
      this.#onFrame(frame);
      return;
    }
    const bytes = this.#parts.length === 1 ? this.#parts[0]! : Buffer.concat(this.#parts);
    this.#reset();
    this.#onFrame({ kind: 'line', bytes });
  }

  #reset(): void {
    this.#parts = [];
    this.#held = 0;
    this.#overlongLength = -1;
    this.#overlongHead = Buffer.alloc(0);
  }
}
