import { Readable, type Writable } from 'node:stream';
import type { Transformer, TransformStreamDefaultController } from 'node:stream/web';
import type { JsonRpcId } from '@agentclientprotocol/sdk';

// The agent's byte streams: Node's stdin and stdout as the web streams `ndJsonStream` takes, with
// a wire filter on each side (identity for the reference; a mutant's raw-wire defect otherwise)
// and a tap that tells when the response to the request being handled has been written.

/** Raw access to the agent's stdout, for a wire filter that writes bytes the SDK never would. */
export interface RawOutput {
  /** Writes bytes to stdout as they are, in order with the SDK's messages. */
  write(bytes: string | Uint8Array): void;
}

/**
 * A raw-wire behaviour: what passes between the process's byte streams and the SDK.
 * The reference passes everything unchanged.
 */
export interface WireFilter {
  /** Runs once before any message is read or written. */
  readonly start: (out: RawOutput) => void;
  /** Runs once when the agent exits on its own (stdin closed, SIGTERM), after its last message. */
  readonly finish: (out: RawOutput) => void;
  /** The bytes written for one outgoing message (its JSON text, without the newline). */
  readonly outgoing: (line: string, out: RawOutput) => string | Uint8Array;
  /** The bytes handed to the SDK for one chunk read from stdin. */
  readonly incomingChunk: (chunk: Uint8Array, out: RawOutput) => Uint8Array;
  /** Each line of stdin (without its newline) on its way to the SDK; `undefined` drops it (the reference: none). */
  readonly incomingLine: ((line: Uint8Array, out: RawOutput) => Uint8Array | undefined) | undefined;
}

/** The reference wire: nothing added, nothing changed. */
export const identityWire: WireFilter = Object.freeze({
  start: () => {},
  finish: () => {},
  outgoing: (line: string) => `${line}\n`,
  incomingChunk: (chunk: Uint8Array) => chunk,
  incomingLine: undefined,
});

/** The agent's side of stdio, ready for `ndJsonStream`. */
export interface AgentStdio {
  readonly output: WritableStream<Uint8Array>;
  readonly input: ReadableStream<Uint8Array>;
  /**
   * Resolves once the response to the request `id` names has been handed to stdout: the first response
   * with that id written after the call, so call it while that request is being handled (before its
   * handler returns), never after. An earlier response with the same id is another request's.
   */
  readonly responseWritten: (id: JsonRpcId) => Promise<void>;
  /** Resolves once everything written so far has been flushed to the stdout pipe. */
  readonly drained: () => Promise<void>;
}

/**
 * Wraps the process's stdin and stdout for the SDK, through `wire`.
 * @param stdin - the agent's standard input
 * @param stdout - the agent's standard output
 * @param wire - the raw-wire behaviour
 */
export function agentStdio(stdin: Readable, stdout: Writable, wire: WireFilter): AgentStdio {
  const raw: RawOutput = { write: (bytes) => void stdout.write(bytes) };
  // Waiters for the next response with an id: a response written before the call is another request's (a client may reuse ids).
  const waiting = new Map<string, Array<() => void>>();
  const keyOf = (id: JsonRpcId) => JSON.stringify(id);
  const decoder = new TextDecoder();
  const noteResponse = (line: string) => {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      return;
    }
    if (message === null || typeof message !== 'object' || 'method' in message || !('id' in message)) return;
    const key = keyOf((message as { id: JsonRpcId }).id);
    for (const resolve of waiting.get(key) ?? []) resolve();
    waiting.delete(key);
  };

  const output = new WritableStream<Uint8Array>({
    write(chunk) {
      const text = decoder.decode(chunk);
      for (const line of text.split('\n')) {
        if (line === '') continue;
        stdout.write(wire.outgoing(line, raw));
        noteResponse(line);
      }
    },
  });

  const responseWritten = (id: JsonRpcId): Promise<void> => {
    const key = keyOf(id);
    return new Promise((resolve) => waiting.set(key, [...(waiting.get(key) ?? []), resolve]));
  };
  const source = Readable.toWeb(stdin) as ReadableStream<Uint8Array>;
  const input = source
    .pipeThrough(new TransformStream<Uint8Array, Uint8Array>({ transform: (chunk, controller) => controller.enqueue(wire.incomingChunk(chunk, raw)) }))
    .pipeThrough(new TransformStream<Uint8Array, Uint8Array>(linesInOrder(wire.incomingLine ?? ((line) => line), raw, responseWritten)));

  return {
    output,
    input,
    responseWritten,
    drained: () => new Promise((resolve) => (stdout.writableNeedDrain ? stdout.once('drain', () => resolve()) : resolve())),
  };
}

/** A line longer than this is passed on in pieces, for the SDK's own frame bound to refuse. */
const MAX_HELD_LINE_BYTES = 32 * 1024 * 1024 + 1;

/**
 * A transformer that hands each line of stdin to `filter`, in order, and holds every line after an
 * `initialize` request until that request's response is written: the SDK rejects session methods
 * that overtake the `initialize` answer, and a client may send both in one write.
 */
function linesInOrder(filter: NonNullable<WireFilter['incomingLine']>, raw: RawOutput, responseWritten: (id: JsonRpcId) => Promise<void>): Transformer<Uint8Array, Uint8Array> {
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let overlong = false;
  const pass = async (line: Uint8Array, controller: TransformStreamDefaultController<Uint8Array>) => {
    const kept = filter(line, raw);
    if (kept === undefined) return;
    controller.enqueue(kept);
    controller.enqueue(NEWLINE);
    const initializeId = initializeRequestId(kept);
    if (initializeId !== undefined) await responseWritten(initializeId);
  };
  return {
    async transform(chunk, controller) {
      let from = 0;
      for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, from)) {
        if (overlong) {
          controller.enqueue(chunk.subarray(from, at + 1));
          overlong = false;
        } else {
          pending.push(chunk.subarray(from, at));
          const line = Buffer.concat(pending);
          pending = [];
          pendingBytes = 0;
          await pass(line, controller);
        }
        from = at + 1;
      }
      if (from >= chunk.length) return;
      const rest = chunk.slice(from);
      if (overlong) return controller.enqueue(rest);
      pending.push(rest);
      pendingBytes += rest.length;
      if (pendingBytes > MAX_HELD_LINE_BYTES) {
        for (const piece of pending) controller.enqueue(piece);
        pending = [];
        pendingBytes = 0;
        overlong = true;
      }
    },
    async flush(controller) {
      if (pending.length > 0) await pass(Buffer.concat(pending), controller);
    },
  };
}

const INITIALIZE = Buffer.from('"initialize"');

/** The id of the line's request when it is an `initialize` request. */
function initializeRequestId(line: Uint8Array): JsonRpcId | undefined {
  if (Buffer.from(line.buffer, line.byteOffset, line.byteLength).indexOf(INITIALIZE) === -1) return undefined;
  try {
    const message = JSON.parse(Buffer.from(line.buffer, line.byteOffset, line.byteLength).toString('utf8')) as { method?: unknown; id?: unknown };
    const id = message.id;
    return message.method === 'initialize' && (typeof id === 'string' || typeof id === 'number') ? id : undefined;
  } catch {
    return undefined;
  }
}

const NEWLINE = new Uint8Array([0x0a]);
