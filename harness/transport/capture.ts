/** Which bytes a {@link BoundedCapture} keeps once its bound is passed. */
export type CaptureKeep = 'head' | 'tail';

/**
 * Collects a stream's bytes without ever holding more than a fixed number of them.
 *
 * `head` keeps the first `maxBytes + 1` bytes (the extra byte proves overflow, as
 * for stdout under WIRE-STDOUT-CAP) and ignores the rest. `tail` keeps the last
 * `maxBytes` bytes (stderr under WIRE-STDERR-CAP: the end of a log says most).
 * @public
 */
export class BoundedCapture {
  /** The bound given to the constructor. */
  readonly maxBytes: number;
  /** Which end is kept. */
  readonly keep: CaptureKeep;
  #chunks: Buffer[] = [];
  #held = 0;
  #seen = 0;

  /**
   * @param maxBytes - the bound; a positive integer.
   * @param keep - `head` or `tail`.
   */
  constructor(maxBytes: number, keep: CaptureKeep) {
    if (!Number.isInteger(maxBytes) || maxBytes < 1) {
      throw new TypeError(`BoundedCapture maxBytes must be a positive integer: received ${String(maxBytes)} (${typeof maxBytes}).`);
    }
    this.maxBytes = maxBytes;
    this.keep = keep;
  }

  /** Bytes offered so far, including those dropped. */
  get seenBytes(): number {
    return this.#seen;
  }

  /** Bytes held now (at most `maxBytes + 1` for head, `maxBytes` for tail). */
  get heldBytes(): number {
    return this.#held;
  }

  /** More than `maxBytes` bytes were offered. */
  get truncated(): boolean {
    return this.#seen > this.maxBytes;
  }

  /**
   * Offers one chunk.
   * @returns true when this chunk first passed the bound.
   */
  push(chunk: Uint8Array): boolean {
    const wasTruncated = this.truncated;
    this.#seen += chunk.byteLength;
    if (this.keep === 'head') this.#pushHead(chunk);
    else this.#pushTail(chunk);
    return !wasTruncated && this.truncated;
  }

  /** The bytes kept: for head, at most `maxBytes` of them (the proof byte is dropped). */
  bytes(): Buffer {
    const all = Buffer.concat(this.#chunks, this.#held);
    return all.byteLength > this.maxBytes ? all.subarray(0, this.maxBytes) : all;
  }

  #pushHead(chunk: Uint8Array): void {
    const room = this.maxBytes + 1 - this.#held;
    if (room <= 0) return;
    // Copy: the stream may reuse or pool the chunk's memory.
    const kept = Buffer.from(chunk.subarray(0, room));
    this.#chunks.push(kept);
    this.#held += kept.byteLength;
  }

  #pushTail(chunk: Uint8Array): void {
    const take = chunk.subarray(Math.max(0, chunk.byteLength - this.maxBytes));
    this.#chunks.push(Buffer.from(take));
    this.#held += take.byteLength;
    while (this.#held > this.maxBytes) {
      const first = this.#chunks[0];
      if (first === undefined) break;
      const excess = this.#held - this.maxBytes;
      if (first.byteLength <= excess) {
        this.#chunks.shift();
        this.#held -= first.byteLength;
      } else {
        this.#chunks[0] = first.subarray(excess);
        this.#held -= excess;
      }
    }
  }
}

/** Text decoded from bytes, and whether the bytes were valid UTF-8. */
export interface DecodedUtf8 {
  /** The text; invalid sequences replaced by U+FFFD. */
  readonly text: string;
  /** The bytes were not valid UTF-8. */
  readonly invalid: boolean;
}

/**
 * Decodes bytes as UTF-8, strictly first, then with replacement.
 * @param bytes - the bytes.
 * @param cut - the bytes were cut at an arbitrary offset (a capped capture): an
 *   incomplete sequence at the very end is then dropped, not counted as invalid.
 * @public
 */
export function decodeUtf8(bytes: Uint8Array, cut: boolean): DecodedUtf8 {
  try {
    // `stream: true` keeps a trailing partial sequence pending instead of failing on it.
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes, { stream: cut }), invalid: false };
  } catch {
    return { text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes, { stream: cut }), invalid: true };
  }
}
