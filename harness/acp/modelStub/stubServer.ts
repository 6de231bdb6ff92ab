// The model stub's I/O shell: a loopback HTTP server that hands each request to a provider's wire
// module, asks the scenario engine for the answer, writes it (whole, or as server-sent events),
// and records every request as evidence. A provider is one more `ProviderWire`; nothing here
// knows any provider's paths or JSON.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { decideAnswer, isMcpToolName, type NeutralRequest, type ScenarioName, type ScenarioStep, type ScriptSettings, type TurnEvent } from './scenarioEngine.js';

/** One server-sent event: an optional event name and its data (JSON-serialized on the wire). */
export interface SseEvent {
  readonly event?: string;
  readonly data: unknown;
}

/** What a wire module makes of one HTTP request. */
export type WireDecoding =
  | {
      /** A model turn: the engine decides the answer. */
      readonly kind: 'model';
      readonly operation: string;
      /** Whether the answer is a stream of server-sent events. */
      readonly streaming: boolean;
      readonly request: NeutralRequest;
    }
  | {
      /** A request with a fixed answer (token counting, model listing). */
      readonly kind: 'fixed';
      readonly operation: string;
      readonly body: unknown;
    }
  | {
      /** A request the stub does not understand; answered with `status` and recorded with `reason`. */
      readonly kind: 'rejected';
      readonly operation: string | undefined;
      readonly status: 400 | 404 | 405;
      readonly reason: string;
    };

/**
 * A provider's wire API: how its requests read and how its answers are written. The stub's
 * server and scenario engine are shared; a provider is one module implementing this.
 */
export interface ProviderWire {
  /** The provider's name in options and evidence. */
  readonly provider: string;
  /** The variable through which agents of this provider are usually pointed at another base URL. */
  readonly baseUrlEnv: string;
  /** Reads one request; never throws on bad input (a bad request is `rejected`). */
  decode(method: string, url: URL, body: string): WireDecoding;
  /** The whole answer of a non-streaming model request, as JSON. */
  encodeWhole(events: readonly TurnEvent[], model: string | undefined): unknown;
  /** The events of a streaming answer, lazily (the input may never end). */
  encodeStream(events: Iterable<TurnEvent>, model: string | undefined): Iterable<SseEvent>;
  /** The JSON body of an HTTP error, as the provider's clients expect it. */
  errorBody(status: number, reason: string): unknown;
}

/** How a recorded request ended. */
export type RequestEnd = 'answered' | 'client-disconnected' | 'stopped' | 'in-progress';

/** One HTTP request the stub received, as evidence. */
export interface ModelRequestRecord {
  /** 1 for the first request of the stub's life, then 2, 3, … */
  readonly seq: number;
  /** When the request arrived (ISO 8601). */
  readonly at: string;
  /** When the request arrived, in milliseconds since the stub started. */
  readonly sinceStartMs: number;
  readonly method: string;
  /** The path and query string. */
  readonly path: string;
  /** The wire operation (`streamGenerateContent`, `countTokens`, …); undefined when not recognized. */
  readonly operation: string | undefined;
  /** Whether the request is a model turn (the agent asking the model to speak). */
  readonly isModelTurn: boolean;
  /** The model the request names, when it names one. */
  readonly model: string | undefined;
  /** The scenario played (model turns with a known scenario only). */
  readonly scenario: ScenarioName | undefined;
  /** Which step of the scenario (model turns only). */
  readonly step: ScenarioStep | undefined;
  /** The names of the tools the agent declared in the request. */
  readonly declaredTools: readonly string[];
  /**
   * Whether the MCP fixture's tool was among the declared tools; undefined when the stub was given
   * no MCP tool name, or the request is not a conversational model turn (an agent's own structured
   * request declares no tools by design).
   */
  readonly mcpToolDeclared: boolean | undefined;
  /** The declared tool the stub called, for a tool-calling step. */
  readonly toolChosen: string | undefined;
  /** The HTTP status answered. */
  readonly status: number;
  /** Why the request was refused, or why its scenario did not play in full; undefined otherwise. */
  readonly reason: string | undefined;
  /** Whether the answer was a stream of server-sent events. */
  readonly streamed: boolean;
  readonly end: RequestEnd;
}

/**
 * The server's settings, normalized by the stub's options.
 * @internal
 */
export interface StubServerSettings {
  readonly wire: ProviderWire;
  readonly script: ScriptSettings;
  /** Pause between two events of an endless stream. */
  readonly longStreamIntervalMs: number;
  /** Largest request body read; a larger one is refused. */
  readonly maxBodyBytes: number;
}

/** A running stub server. */
export interface RunningStubServer {
  readonly port: number;
  /** Copies of the records so far, in arrival order. */
  records(): ModelRequestRecord[];
  /** Closes the listener and every open connection (an endless stream included); resolves once closed. */
  close(): Promise<void>;
}

type MutableRecord = { -readonly [K in keyof ModelRequestRecord]: ModelRequestRecord[K] };

/**
 * Starts a stub server on 127.0.0.1 at an ephemeral port; `startModelStub` is the public entry.
 * @internal
 * @param settings - the provider's wire module and what the scenarios play
 */
export async function startStubServer(settings: StubServerSettings): Promise<RunningStubServer> {
  const startedAt = performance.now();
  const records: MutableRecord[] = [];
  let stopping = false;
  const server: Server = createServer((request, response) => {
    const record: MutableRecord = {
      seq: records.length + 1,
      at: new Date().toISOString(),
      sinceStartMs: Math.round(performance.now() - startedAt),
      method: request.method ?? '',
      path: request.url ?? '',
      operation: undefined,
      isModelTurn: false,
      model: undefined,
      scenario: undefined,
      step: undefined,
      declaredTools: [],
      mcpToolDeclared: undefined,
      toolChosen: undefined,
      status: 0,
      reason: undefined,
      streamed: false,
      end: 'in-progress',
    };
    records.push(record);
    handle(request, response, record, settings, () => stopping).catch((error: unknown) => {
      // A fault of the stub itself: still an answer (never a hang) and still evidence.
      record.reason = `model stub fault: ${error instanceof Error ? error.message : String(error)}`;
      if (!response.headersSent) sendJson(response, record, 500, settings.wire.errorBody(500, record.reason));
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: 0 }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    records: () => records.map((record) => ({ ...record, declaredTools: [...record.declaredTools] })),
    close: async () => {
      stopping = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      for (const record of records) if (record.end === 'in-progress') record.end = 'stopped';
    },
  };
}

async function handle(request: IncomingMessage, response: ServerResponse, record: MutableRecord, settings: StubServerSettings, isStopping: () => boolean): Promise<void> {
  const { wire } = settings;
  trackEnd(response, record, isStopping);
  const body = await readBody(request, settings.maxBodyBytes);
  if (body === undefined) {
    record.reason = `request body larger than ${settings.maxBodyBytes} bytes`;
    sendJson(response, record, 413, wire.errorBody(413, record.reason));
    return;
  }
  const decoded = wire.decode(record.method, new URL(record.path, 'http://127.0.0.1'), body);
  record.operation = decoded.operation;
  if (decoded.kind === 'rejected') {
    record.reason = decoded.reason;
    sendJson(response, record, decoded.status, wire.errorBody(decoded.status, decoded.reason));
    return;
  }
  if (decoded.kind === 'fixed') {
    sendJson(response, record, 200, decoded.body);
    return;
  }
  const { request: neutral } = decoded;
  record.isModelTurn = true;
  record.model = neutral.model;
  record.declaredTools = neutral.declaredTools.map((tool) => tool.name);
  const decision = decideAnswer(neutral, settings.script);
  const { mcpToolName } = settings.script;
  // An agent's own structured request (a router, a "who speaks next" check) declares no tools by design.
  if (mcpToolName !== undefined && decision.step !== 'structured') record.mcpToolDeclared = record.declaredTools.some((name) => isMcpToolName(name, mcpToolName));
  record.scenario = decision.scenario;
  record.step = decision.step;
  record.toolChosen = decision.toolChosen;
  record.reason = decision.reason;
  const { answer } = decision;
  if (answer.kind === 'unscripted') {
    sendJson(response, record, 400, wire.errorBody(400, decision.reason ?? 'unscripted model request'));
    return;
  }
  if (!decoded.streaming) {
    if (answer.endless) {
      // A whole answer that never comes: held open until the client (or the stub) closes it.
      record.status = 200;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.flushHeaders();
      return;
    }
    sendJson(response, record, 200, wire.encodeWhole([...answer.events], neutral.model));
    return;
  }
  record.streamed = true;
  record.status = 200;
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  for (const event of wire.encodeStream(answer.events, neutral.model)) {
    if (response.destroyed || isStopping()) return;
    if (!response.write(serializeSseEvent(event))) await new Promise((resolve) => response.once('drain', resolve).once('close', resolve));
    await (answer.endless ? sleep(settings.longStreamIntervalMs) : nextTurn());
  }
  response.end();
}

/**
 * One server-sent event on the wire: an optional `event:` line, one `data:` line of JSON (JSON has
 * no raw line breaks), and the blank line that ends the event.
 * @param event - the event
 */
export function serializeSseEvent(event: SseEvent): string {
  return `${event.event === undefined ? '' : `event: ${event.event}\n`}data: ${JSON.stringify(event.data)}\n\n`;
}

function trackEnd(response: ServerResponse, record: MutableRecord, isStopping: () => boolean): void {
  response.once('finish', () => {
    if (record.end === 'in-progress') record.end = 'answered';
  });
  response.once('close', () => {
    if (record.end === 'in-progress') record.end = isStopping() ? 'stopped' : 'client-disconnected';
  });
}

function sendJson(response: ServerResponse, record: MutableRecord, status: number, body: unknown): void {
  record.status = status;
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

/** The request body as UTF-8 text; undefined when it is longer than `maxBytes`. */
async function readBody(request: IncomingMessage, maxBytes: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > maxBytes) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
