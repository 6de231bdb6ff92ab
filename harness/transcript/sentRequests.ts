import { MAX_READ_LINE_BYTES, TranscriptInputError, transcriptCall } from './transcriptLine.js';

/** A call's request as its transcript line holds it. */
export interface SentRequest {
  /** The exact request text sent. */
  readonly text: string;
  /** 1-based line of the call in the transcript. */
  readonly line: number;
}

/** The requests of some calls, by call id. */
export type SentRequestLookup = Pick<ReadonlyMap<string, SentRequest>, 'get'>;

const NEWLINE = 0x0a;
// Every transcript line names its call with this key; inside a string value a quote is escaped, so
// the bytes below are always a key, never part of a value.
const CALL_ID_KEY = Buffer.from('"callId":"');

/**
 * Collects the full request text and line of the calls asked for, from the transcript's lines as
 * they go by (the merge's single pass): a line is parsed only when it names one of those calls.
 * A line that is no transcript line holds no such call.
 */
export class SentRequests implements SentRequestLookup {
  readonly #wanted: ReadonlySet<string>;
  readonly #found = new Map<string, SentRequest>();
  #line = 0;

  /** @param callIds - the calls whose requests are kept */
  constructor(callIds: Iterable<string>) {
    this.#wanted = new Set(callIds);
  }

  /**
   * Sees the next line of the transcript.
   * @param line - its bytes, with or without its newline
   */
  add(line: Uint8Array): void {
    this.#line += 1;
    if (this.#wanted.size === 0) return;
    const bytes = Buffer.from(line.buffer, line.byteOffset, line.byteLength);
    const end = bytes.at(-1) === NEWLINE ? bytes.length - 1 : bytes.length;
    const callId = callIdIn(bytes, end);
    if (callId === null || !this.#wanted.has(callId) || end > MAX_READ_LINE_BYTES) return;
    let call;
    try {
      call = transcriptCall(bytes.toString('utf8', 0, end), this.#line);
    } catch (error) {
      if (error instanceof TranscriptInputError) return;
      throw error;
    }
    if (call.hasRequestText && call.record.callId === callId) this.#found.set(callId, { text: call.record.requestText, line: this.#line });
  }

  /** The request of a call seen so far, or undefined. */
  get(callId: string): SentRequest | undefined {
    return this.#found.get(callId);
  }
}

/** The `callId` a line names, read from its bytes without parsing the line, or null. */
function callIdIn(bytes: Buffer, end: number): string | null {
  const at = bytes.indexOf(CALL_ID_KEY);
  if (at === -1 || at >= end) return null;
  const start = at + CALL_ID_KEY.length - 1;
  let close = start + 1;
  while (close < end && bytes[close] !== 0x22) close += bytes[close] === 0x5c ? 2 : 1;
  if (close >= end) return null;
  try {
    return JSON.parse(bytes.toString('utf8', start, close + 1)) as string;
  } catch {
    return null;
  }
}
