import { createWriteStream, type WriteStream } from 'node:fs';

// transcript.jsonl of an ACP run: every frame in both directions, with its agent process,
// direction, index and time, bounded per line and in total, so a run can be re-read offline.

/** Bytes of one frame's raw text a transcript line keeps. */
export const TRANSCRIPT_FRAME_BYTES = 64 * 1024;

/** Bytes the whole transcript may hold; later frames are counted, not written. */
export const TRANSCRIPT_TOTAL_BYTES = 64 * 1024 * 1024;

/** Who wrote a frame: the agent (stdout) or the suite (the agent's stdin). */
export type FrameDirection = 'agent→client' | 'client→agent';

/** One transcript line. */
export interface AcpTranscriptEntry {
  /** The agent process (1 for the first the run started). */
  readonly agent: number;
  readonly direction: FrameDirection | 'event';
  /** The frame's index in its direction, per agent process (0-based); events have none. */
  readonly index?: number;
  /** Milliseconds since the agent process started. */
  readonly t: number;
  /** The frame's bytes as text (lenient UTF-8), bounded; or an event's description. */
  readonly raw: string;
  /** The frame's full length in bytes, when the line holds less of it. */
  readonly bytes?: number;
  /** Base64 of the kept bytes, when they are not valid UTF-8 (so a re-reader sees the exact bytes). */
  readonly base64?: string;
  /** How an agent→client frame ended, when not with `\n` within the frame bound (so `verify` judges it as read). */
  readonly end?: 'overlong' | 'unterminated';
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Appends {@link AcpTranscriptEntry} lines to a file, within {@link TRANSCRIPT_TOTAL_BYTES}. */
export class AcpTranscript {
  readonly #stream: WriteStream | null;
  #written = 0;
  #dropped = 0;

  /** @param file - the transcript file; null: record nothing */
  constructor(file: string | null) {
    this.#stream = file === null ? null : createWriteStream(file, { flags: 'w' });
    this.#stream?.on('error', () => undefined);
  }

  /** Frames left out once the total bound was reached. */
  get dropped(): number {
    return this.#dropped;
  }

  /**
   * Records one frame.
   * @param agent - the agent process number
   * @param direction - who wrote it
   * @param index - its index in that direction
   * @param t - ms since the agent started
   * @param bytes - the frame's bytes (or the kept head of an over-long one)
   * @param length - the frame's full length. @defaultValue `bytes.length`
   * @param end - how the frame ended, when not with `\n` within the bound
   */
  frame(agent: number, direction: FrameDirection, index: number, t: number, bytes: Buffer, length: number = bytes.length, end?: 'overlong' | 'unterminated'): void {
    const kept = bytes.subarray(0, TRANSCRIPT_FRAME_BYTES);
    let raw: string;
    let base64: string | undefined;
    try {
      raw = utf8.decode(kept);
    } catch {
      raw = kept.toString('utf8');
      base64 = kept.toString('base64');
    }
    this.#write({ agent, direction, index, t, raw, ...(length > kept.length ? { bytes: length } : {}), ...(base64 === undefined ? {} : { base64 }), ...(end === undefined ? {} : { end }) });
  }

  /**
   * Records an event of the agent process (spawn, exit, stdin closed, signal).
   * @param agent - the agent process number
   * @param t - ms since the agent started
   * @param what - the event in words
   */
  event(agent: number, t: number, what: string): void {
    this.#write({ agent, direction: 'event', t, raw: what });
  }

  /** Flushes and closes the file. */
  close(): Promise<void> {
    const stream = this.#stream;
    if (stream === null) return Promise.resolve();
    return new Promise((resolve) => stream.end(() => resolve()));
  }

  #write(entry: AcpTranscriptEntry): void {
    if (this.#stream === null) return;
    const line = `${JSON.stringify(entry)}\n`;
    if (this.#written + line.length > TRANSCRIPT_TOTAL_BYTES) {
      this.#dropped += 1;
      return;
    }
    this.#written += line.length;
    this.#stream.write(line);
  }
}
