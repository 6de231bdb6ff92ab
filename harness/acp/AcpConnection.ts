import { readFile, realpath, writeFile } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { AcpClauseId } from './acpClauses.js';
import { AcpAgentProcess, type AgentExit, type AgentSpawnRequest } from './AcpAgentProcess.js';
import { acpSchemaErrors, describeAcpSchemaErrors, rootExtras, type AcpDefinitionName } from './acpSchema.js';
import type { AcpTranscript, FrameDirection } from './AcpTranscript.js';
import { classifyFrame, escapeRaw, type AgentMessage, type JsonRpcErrorObject, type JsonRpcId } from './classifyFrame.js';
import { BoundedLineReader, type RawFrame } from './frameReader.js';

// The suite as an ACP client over one agent process: every frame read from raw bytes, judged,
// recorded; every request id tracked in both directions; every agent request answered once.

/** Where a frame sits in a run: enough to find it in `transcript.jsonl`. */
export interface FrameRef {
  readonly agent: number;
  readonly direction: FrameDirection;
  readonly index: number;
  /** The raw line, escaped and bounded. */
  readonly raw: string;
}

/** A rule the agent broke, as data: the clause, the rule, and the frame that shows it. */
export interface AcpViolation {
  readonly clauseId: AcpClauseId;
  readonly rule: string;
  /** The frame, or null when the evidence is not one frame (a timeout, an exit). */
  readonly frame: FrameRef | null;
}

/** How a request of the suite ended. */
export type ResponseOutcome =
  | { readonly kind: 'result'; readonly result: unknown; readonly frame: FrameRef; readonly afterMs: number }
  | { readonly kind: 'error'; readonly error: JsonRpcErrorObject; readonly frame: FrameRef; readonly afterMs: number }
  | { readonly kind: 'no-response'; readonly why: 'bound' | 'inactivity' | 'exited' | 'stdout-closed'; readonly detail: string; readonly afterMs: number };

/** The suite's answer to one agent request. */
export type AgentRequestAnswer = { readonly result: unknown } | { readonly error: JsonRpcErrorObject };

/** A case's own answer to an agent request (a promise it may hold); undefined: the default answer. */
export type AgentRequestAnswerer = (request: {
  readonly id: JsonRpcId | null;
  readonly method: string;
  readonly params: unknown;
  readonly frame: FrameRef;
}) => Promise<AgentRequestAnswer> | undefined;

/** What the suite advertised as a client in this connection (gates fs and terminal requests). */
export interface AdvertisedClientCapabilities {
  readonly readTextFile: boolean;
  readonly writeTextFile: boolean;
  readonly terminal: boolean;
}

/** The bounds of one connection. */
export interface ConnectionBounds {
  /** The frame bound in bytes. */
  readonly frameBytes: number;
  /** Default bound of a bootstrap request's response (ms). */
  readonly bootstrapMs: number;
  /** A wait that sees no frame for this long ends INCONCLUSIVE (ms). */
  readonly inactivityMs: number;
}

/** What a connection needs besides the process to start. */
export interface ConnectionServices {
  /** This agent process's number in the run (1-based). */
  readonly agent: number;
  readonly transcript: AcpTranscript;
  readonly bounds: ConnectionBounds;
}

/** A notification the agent sent, with its frame. */
export interface ReceivedNotification {
  readonly method: string;
  readonly params: unknown;
  readonly frame: FrameRef;
}

interface PendingRequest {
  readonly id: JsonRpcId;
  readonly method: string;
  readonly sent: FrameRef;
  readonly sentAt: number;
  responses: number;
  settle: ((outcome: ResponseOutcome) => void) | null;
}

/** Methods whose result this connection validates against the schema (ACP-NO-ROOT-EXTRAS too). */
export const RESULT_DEFINITIONS: Readonly<Record<string, AcpDefinitionName>> = {
  initialize: 'InitializeResponse',
  'session/new': 'NewSessionResponse',
  'session/load': 'LoadSessionResponse',
  'session/resume': 'ResumeSessionResponse',
  'session/close': 'CloseSessionResponse',
  'session/set_config_option': 'SetSessionConfigOptionResponse',
  'session/prompt': 'PromptResponse',
};

/** Methods whose result names a session the agent now serves. */
const SESSION_OPENERS = new Set(['session/new', 'session/load', 'session/resume']);

const METHOD_NOT_FOUND = -32601;

/** How many consecutive non-JSON lines, each at most how long, are tried as one message split over lines. */
const MAX_FRAGMENT_LINES = 256;
const MAX_FRAGMENT_BYTES = 64 * 1024;

/** One agent process driven as an ACP client. */
export class AcpConnection {
  readonly agent: number;
  readonly #process: AcpAgentProcess;
  readonly #transcript: AcpTranscript;
  readonly #bounds: ConnectionBounds;
  readonly #startedAt: number;
  readonly #reader: BoundedLineReader;
  readonly #violations: AcpViolation[] = [];
  readonly #pending = new Map<string, PendingRequest>();
  readonly #notifications: ReceivedNotification[] = [];
  readonly #agentRequests: { readonly method: string; readonly params: unknown; readonly frame: FrameRef }[] = [];
  readonly #sessionRoots = new Map<string, readonly string[]>();
  readonly #announcedSessions = new Set<string>();
  readonly #earlyUpdates = new Map<string, FrameRef>();
  readonly #waiters = new Set<() => void>();
  #nextId = 1;
  #inIndex = 0;
  #outIndex = 0;
  #lastFrameAt: number;
  #lastSent: { readonly kind: 'request' | 'notification' | 'invalid'; readonly frame: FrameRef } | null = null;
  #lastNotification: FrameRef | null = null;
  #fragments: { readonly text: string; readonly frame: FrameRef }[] = [];
  #invalidSent = false;
  #stdoutEnded = false;
  #closedBySuite = false;
  #writeChain: Promise<void> = Promise.resolve();
  #capabilities: AdvertisedClientCapabilities = { readTextFile: false, writeTextFile: false, terminal: false };
  #terminals = 0;
  #answerer: AgentRequestAnswerer | null = null;
  #openTerminals = new Set<string>();
  #framesRead = 0;
  #responsesMatched = 0;

  private constructor(process: AcpAgentProcess | null, services: ConnectionServices, reader: BoundedLineReader) {
    this.agent = services.agent;
    this.#transcript = services.transcript;
    this.#bounds = services.bounds;
    this.#startedAt = Date.now();
    this.#lastFrameAt = this.#startedAt;
    this.#reader = reader;
    this.#process = process!;
  }

  /**
   * Spawns an agent and connects to it.
   * @param spawnRequest - the process to start
   * @param services - transcript, bounds, the agent's number
   * @throws AgentSpawnError when it cannot be started
   */
  static async open(spawnRequest: AgentSpawnRequest, services: ConnectionServices): Promise<AcpConnection> {
    let connection: AcpConnection | null = null;
    const early: Buffer[] = [];
    let ended = false;
    let exit: AgentExit | null = null;
    const reader = new BoundedLineReader(services.bounds.frameBytes, (frame) => connection?.onFrame(frame));
    const agentProcess = await AcpAgentProcess.start(spawnRequest, {
      onStdout: (chunk) => (connection === null ? early.push(Buffer.from(chunk)) : reader.push(chunk)),
      onStdoutEnd: () => (connection === null ? (ended = true) : connection.onStdoutEnd()),
      onExit: (agentExit) => (connection === null ? (exit = agentExit) : connection.onExit(agentExit)),
    });
    connection = new AcpConnection(agentProcess, services, reader);
    services.transcript.event(services.agent, 0, `spawned ${JSON.stringify([spawnRequest.executable, ...spawnRequest.argv])} in ${spawnRequest.cwd}`);
    for (const chunk of early) reader.push(chunk);
    if (ended) connection.onStdoutEnd();
    if (exit !== null) connection.onExit(exit);
    return connection;
  }

  /** The agent process. */
  get process(): AcpAgentProcess {
    return this.#process;
  }

  /** Every rule broken on this connection so far, in order. */
  get violations(): readonly AcpViolation[] {
    return this.#violations;
  }

  /** Frames read from the agent's stdout. */
  get framesRead(): number {
    return this.#framesRead;
  }

  /** Responses that matched a request of the suite. */
  get responsesMatched(): number {
    return this.#responsesMatched;
  }

  /** Notifications received, in order. */
  get notifications(): readonly ReceivedNotification[] {
    return this.#notifications;
  }

  /** Requests the agent sent to the suite, in order (each answered once). */
  get agentRequests(): readonly { readonly method: string; readonly params: unknown; readonly frame: FrameRef }[] {
    return this.#agentRequests;
  }

  /** Whether the agent's stdout has ended. */
  get stdoutEnded(): boolean {
    return this.#stdoutEnded;
  }

  /** Milliseconds since the process started. */
  elapsedMs(): number {
    return Date.now() - this.#startedAt;
  }

  /**
   * Records what the suite advertised in `initialize` (it gates the agent's fs and terminal requests).
   * @param capabilities - the advertised client capabilities
   */
  advertise(capabilities: AdvertisedClientCapabilities): void {
    this.#capabilities = capabilities;
  }

  /**
   * Declares a session's roots: fs requests for it are served only inside them.
   * @param sessionId - the agent's session id
   * @param roots - absolute directories (the session's cwd)
   */
  registerSession(sessionId: string, roots: readonly string[]): void {
    this.#sessionRoots.set(sessionId, roots);
  }

  /**
   * Records a rule broken outside frame classification (a case's own judgement).
   * @param violation - the violation
   */
  record(violation: AcpViolation): void {
    this.#violations.push(violation);
  }

  /**
   * Sends a request; its id is the next integer unless given.
   * @param method - the method
   * @param params - its params (omitted when undefined)
   * @param options - `id` to use; `boundMs` (a bootstrap bound) or none (then only inactivity ends the wait)
   */
  request(
    method: string,
    params: unknown,
    options: { readonly id?: JsonRpcId; readonly boundMs?: number } = {},
  ): { readonly id: JsonRpcId; readonly sent: FrameRef; readonly response: Promise<ResponseOutcome> } {
    const id = options.id ?? this.#nextId++;
    const line = JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
    const sent = this.#send(Buffer.from(line));
    const pending: PendingRequest = { id, method, sent, sentAt: Date.now(), responses: 0, settle: null };
    this.#lastSent = { kind: 'request', frame: sent };
    this.#pending.set(idKey(id), pending);
    const response = this.#awaitResponse(pending, options.boundMs ?? null);
    return { id, sent, response };
  }

  /**
   * Sends a notification.
   * @param method - the method
   * @param params - its params
   */
  notify(method: string, params: unknown): FrameRef {
    const frame = this.#send(Buffer.from(JSON.stringify({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) })));
    this.#lastSent = { kind: 'notification', frame };
    this.#lastNotification = frame;
    return frame;
  }

  /**
   * Sends raw bytes as one line (a `\n` is appended), optionally split into pieces written one by one.
   * @param bytes - the line's bytes, without `\n`
   * @param options - `pieces`: byte lengths of the writes (the rest in one last write); `kind`: what the line is
   */
  sendRaw(bytes: Buffer, options: { readonly pieces?: readonly number[]; readonly kind?: 'request' | 'notification' | 'invalid' } = {}): FrameRef {
    const frame = this.#send(bytes, options.pieces);
    this.#lastSent = { kind: options.kind ?? 'invalid', frame };
    if (this.#lastSent.kind === 'invalid') this.#invalidSent = true;
    if (this.#lastSent.kind === 'notification') this.#lastNotification = frame;
    return frame;
  }

  /**
   * Tracks a request the suite wrote with {@link sendRaw}.
   * @param id - its id
   * @param method - its method
   * @param sent - its frame
   * @param boundMs - bound of the wait, or null for inactivity only
   */
  expectResponse(id: JsonRpcId, method: string, sent: FrameRef, boundMs: number | null): Promise<ResponseOutcome> {
    const pending: PendingRequest = { id, method, sent, sentAt: Date.now(), responses: 0, settle: null };
    this.#pending.set(idKey(id), pending);
    return this.#awaitResponse(pending, boundMs);
  }

  /** Resolves once every write so far has been handed to the pipe. */
  flushed(): Promise<void> {
    return this.#writeChain;
  }

  /**
   * Waits until `condition` holds, a frame at a time; false when `ms` pass without it, or the agent is gone.
   * @param condition - checked after every frame
   * @param ms - the wait's bound
   */
  async waitUntil(condition: () => boolean, ms: number): Promise<boolean> {
    if (condition()) return true;
    // Nothing more can arrive: waiting out `ms` would only stall the case.
    if (this.#stdoutEnded) return false;
    return new Promise((resolveWait) => {
      const check = (): void => {
        if (condition()) finish(true);
        else if (this.#stdoutEnded) finish(false);
        // A condition on what a promise callback records (a turn's settled outcome) holds only once this frame's
        // callbacks have run: look again then, or a response that was the last frame would wait out `ms`.
        else setImmediate(() => condition() && finish(true));
      };
      const timer = setTimeout(() => finish(false), ms);
      const finish = (value: boolean): void => {
        clearTimeout(timer);
        this.#waiters.delete(check);
        resolveWait(value);
      };
      this.#waiters.add(check);
    });
  }

  /**
   * Waits for the agent to exit.
   * @param ms - how long
   * @returns the exit, or null when it is still running
   */
  async waitForExit(ms: number): Promise<AgentExit | null> {
    if (this.#process.exit !== null) return this.#process.exit;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolveTimeout) => (timer = setTimeout(() => resolveTimeout(null), ms)));
    const exit = await Promise.race([this.#process.exited, timeout]);
    clearTimeout(timer);
    return exit;
  }

  /** How a death shows in evidence: status and the end of stderr. */
  describeExit(): string {
    const exit = this.#process.exit;
    if (exit === null) return 'the agent is still running';
    const status = exit.signal === null ? `exit code ${exit.code}` : `signal ${exit.signal}`;
    const tail = this.#process.stderrTail.trimEnd();
    return `the agent exited (${status}) after ${exit.afterMs} ms${tail === '' ? ', stderr empty' : `; stderr tail: ${JSON.stringify(tail.slice(-4096))}`}`;
  }

  /**
   * Once the agent has exited, waits for its stdout to end (at most `ms`), so that its last bytes are judged
   * before the suite closes the connection and drops what is unread: a sandbox's pipe closes only once the
   * sandbox has ended, and a process the agent left behind may hold it open. A running agent is not waited for.
   * @param ms - the wait's bound
   */
  async drainAfterExit(ms: number): Promise<void> {
    // A connection the suite closed has dropped its stdout: nothing more can be read.
    if (this.#process.exit === null || this.#stdoutEnded || this.#closedBySuite) return;
    await this.waitUntil(() => this.#stdoutEnded, ms);
  }

  /** Kills the agent and everything it started; returns how many of its processes were killed. */
  close(): number {
    this.#closedBySuite = true;
    if (!this.#stdoutEnded) this.#reader.abandon();
    const killed = this.#process.kill();
    for (const pending of this.#pending.values())
      this.#settle(pending, { kind: 'no-response', why: 'exited', detail: 'the suite ended the agent process', afterMs: Date.now() - pending.sentAt });
    this.#transcript.event(this.agent, this.elapsedMs(), `closed by the suite${killed > 0 ? `, ${killed} process(es) killed` : ''}`);
    return killed;
  }

  #send(bytes: Buffer, pieces?: readonly number[]): FrameRef {
    const index = this.#outIndex++;
    const frame: FrameRef = { agent: this.agent, direction: 'client→agent', index, raw: escapeRaw(bytes) };
    this.#transcript.frame(this.agent, 'client→agent', index, this.elapsedMs(), bytes);
    const line = Buffer.concat([bytes, Buffer.from('\n')]);
    const writes: Buffer[] = [];
    let offset = 0;
    for (const size of pieces ?? []) {
      if (offset >= line.length) break;
      writes.push(line.subarray(offset, offset + size));
      offset += size;
    }
    if (offset < line.length) writes.push(line.subarray(offset));
    this.#writeChain = this.#writeChain.then(async () => {
      for (const piece of writes) {
        await this.#process.write(piece);
        if (writes.length > 1) await new Promise((resolveTick) => setImmediate(resolveTick));
      }
    });
    return frame;
  }

  #awaitResponse(pending: PendingRequest, boundMs: number | null): Promise<ResponseOutcome> {
    return new Promise((resolveOutcome) => {
      let timer: NodeJS.Timeout | undefined;
      const arm = (): void => {
        clearTimeout(timer);
        // Silence counts from the later of the last frame and the request: an agent left idle is not inactive.
        const inactivityLeft = this.#bounds.inactivityMs - (Date.now() - Math.max(this.#lastFrameAt, pending.sentAt));
        const boundLeft = boundMs === null ? Infinity : boundMs - (Date.now() - pending.sentAt);
        const left = Math.max(0, Math.min(inactivityLeft, boundLeft));
        timer = setTimeout(() => {
          const sinceFrame = Date.now() - Math.max(this.#lastFrameAt, pending.sentAt);
          if (boundMs !== null && Date.now() - pending.sentAt >= boundMs) {
            done({ kind: 'no-response', why: 'bound', detail: `no response to ${pending.method} within the bootstrap bound of ${boundMs} ms`, afterMs: Date.now() - pending.sentAt });
          } else if (sinceFrame >= this.#bounds.inactivityMs) {
            done({
              kind: 'no-response',
              why: 'inactivity',
              detail: `no frame from the agent for ${this.#bounds.inactivityMs} ms while waiting for ${pending.method}`,
              afterMs: Date.now() - pending.sentAt,
            });
          } else arm();
        }, left + 1);
      };
      const done = (outcome: ResponseOutcome): void => {
        clearTimeout(timer);
        pending.settle = null;
        resolveOutcome(outcome);
      };
      pending.settle = done;
      if (this.#stdoutEnded) {
        done({ kind: 'no-response', why: 'stdout-closed', detail: `the agent's stdout was already closed (${this.describeExit()})`, afterMs: 0 });
        return;
      }
      arm();
    });
  }

  #settle(pending: PendingRequest, outcome: ResponseOutcome): void {
    pending.settle?.(outcome);
  }

  private onFrame(raw: RawFrame): void {
    const index = this.#inIndex++;
    this.#framesRead += 1;
    this.#lastFrameAt = Date.now();
    const bytes = raw.kind === 'overlong' ? raw.head : raw.bytes;
    const length = raw.kind === 'overlong' ? raw.length : raw.bytes.length;
    this.#transcript.frame(this.agent, 'agent→client', index, this.elapsedMs(), bytes, length, raw.kind === 'line' ? undefined : raw.kind);
    const frame: FrameRef = { agent: this.agent, direction: 'agent→client', index, raw: escapeRaw(bytes, length) };
    const classified = classifyFrame(raw, this.#bounds.frameBytes);
    for (const violation of classified.violations) this.#violations.push({ ...violation, frame });
    if (classified.message !== null) this.#dispatch(classified.message, frame);
    this.#joinFragments(raw, classified.violations, frame);
    for (const waiter of [...this.#waiters]) waiter();
  }

  // Consecutive lines that are not JSON but are one JSON message together: a message with embedded newlines
  // (pretty-printed), which breaks ACP-FRM-LINE besides ACP-FRM-STDOUT-PURE. Bounded in lines and bytes.
  #joinFragments(raw: RawFrame, violations: readonly { readonly clauseId: string }[], frame: FrameRef): void {
    const notJson = raw.kind === 'line' && violations.some((violation) => violation.clauseId === 'ACP-FRM-STDOUT-PURE');
    if (!notJson) {
      this.#fragments = [];
      return;
    }
    if (this.#fragments.length >= MAX_FRAGMENT_LINES || raw.bytes.length > MAX_FRAGMENT_BYTES) {
      this.#fragments = [];
      return;
    }
    this.#fragments.push({ text: raw.bytes.toString('utf8'), frame });
    if (this.#fragments.length < 2) return;
    try {
      const value: unknown = JSON.parse(this.#fragments.map((fragment) => fragment.text).join('\n'));
      if (value === null || typeof value !== 'object') return;
      const first = this.#fragments[0]!.frame;
      this.#violations.push({
        clauseId: 'ACP-FRM-LINE',
        rule: `agent→client frames ${first.index}–${frame.index} are one JSON message split over ${this.#fragments.length} lines (embedded newlines)`,
        frame: first,
      });
      this.#fragments = [];
    } catch {
      // Not (yet) a whole message.
    }
  }

  private onStdoutEnd(): void {
    if (this.#stdoutEnded) return;
    this.#reader.end();
    this.#stdoutEnded = true;
    this.#transcript.event(this.agent, this.elapsedMs(), 'stdout closed');
    // The exit status usually follows at once; a process that closed stdout but lives on is reported as such.
    const settleAll = (): void => {
      for (const pending of this.#pending.values()) {
        this.#settle(pending, {
          kind: 'no-response',
          why: this.#process.exit === null ? 'stdout-closed' : 'exited',
          detail: `the agent closed stdout before answering ${pending.method} (${this.describeExit()})`,
          afterMs: Date.now() - pending.sentAt,
        });
      }
      for (const waiter of [...this.#waiters]) waiter();
    };
    if (this.#process.exit !== null) settleAll();
    else void this.waitForExit(200).then(settleAll);
  }

  private onExit(exit: AgentExit): void {
    this.#transcript.event(this.agent, exit.afterMs, exit.signal === null ? `exited with code ${exit.code}` : `killed by ${exit.signal}`);
  }

  #dispatch(message: AgentMessage, frame: FrameRef): void {
    if (message.kind === 'response') this.#onResponse(message, frame);
    else if (message.kind === 'request') this.#onAgentRequest(message.id, message.method, message.params, frame);
    else this.#onNotification(message.method, message.params, frame);
  }

  #onResponse(message: Extract<AgentMessage, { kind: 'response' }>, frame: FrameRef): void {
    const pending = message.id === null ? undefined : this.#pending.get(idKey(message.id));
    if (pending === undefined) {
      this.#unmatchedResponse(message, frame);
      return;
    }
    pending.responses += 1;
    if (pending.responses > 1) {
      this.#violations.push({
        clauseId: 'ACP-FRM-ONE-RESPONSE',
        rule: `a second response to request ${JSON.stringify(pending.id)} (${pending.method}, client→agent frame ${pending.sent.index})`,
        frame,
      });
      return;
    }
    this.#responsesMatched += 1;
    const afterMs = Date.now() - pending.sentAt;
    if (message.error !== undefined) {
      this.#settle(pending, { kind: 'error', error: message.error, frame, afterMs });
      return;
    }
    this.#judgeResult(pending.method, message.result, frame);
    this.#settle(pending, { kind: 'result', result: message.result, frame, afterMs });
  }

  #unmatchedResponse(message: Extract<AgentMessage, { kind: 'response' }>, frame: FrameRef): void {
    const { id } = message;
    if (id !== null) {
      const sameText = [...this.#pending.values()].find((pending) => String(pending.id) === String(id));
      if (sameText !== undefined) {
        this.#violations.push({
          clauseId: 'ACP-ROB-ID-TYPES',
          rule: `the response's id ${JSON.stringify(id)} is not the request's id ${JSON.stringify(sameText.id)} (same value, another JSON type)`,
          frame,
        });
        // Its request will get no response of the right id: the wait ends here, not at its bound.
        this.#settle(sameText, {
          kind: 'no-response',
          why: 'bound',
          detail: `answered with id ${JSON.stringify(id)} instead of ${JSON.stringify(sameText.id)}`,
          afterMs: Date.now() - sameText.sentAt,
        });
        return;
      }
    }
    const answersInvalid = id === null && message.error !== undefined && (message.error.code === -32700 || message.error.code === -32600) && this.#invalidSent;
    if (answersInvalid) return;
    // The suite never sends a request with id null: a response with id null (not a parse error) answers a notification.
    const lastNotification = this.#lastNotification;
    if (lastNotification !== null && (id === null || this.#lastSent?.kind === 'notification')) {
      this.#violations.push({
        clauseId: 'ACP-FRM-NO-RESPONSE-TO-NOTIFICATION',
        rule: `a response with id ${JSON.stringify(id)} answers no request of the suite; the last notification was client→agent frame ${lastNotification.index}: notifications are never answered`,
        frame,
      });
      return;
    }
    if (id === null) {
      if (message.error === undefined) this.#violations.push({ clauseId: 'ACP-FRM-ENVELOPE', rule: 'a result response with id null answers no request', frame });
      return;
    }
    this.#violations.push({ clauseId: 'ACP-FRM-ONE-RESPONSE', rule: `a response to id ${JSON.stringify(id)}, which no request of the suite carries`, frame });
  }

  #judgeResult(method: string, result: unknown, frame: FrameRef): void {
    const definition = RESULT_DEFINITIONS[method];
    if (definition === undefined) return;
    const extras = rootExtras(definition, result);
    if (extras.length > 0)
      this.#violations.push({
        clauseId: 'ACP-NO-ROOT-EXTRAS',
        rule: `the ${method} result carries ${extras.map((key) => JSON.stringify(key)).join(', ')} at its root (extensions belong in _meta)`,
        frame,
      });
    if (definition === 'InitializeResponse') {
      const errors = acpSchemaErrors(definition, result);
      if (errors.length > 0)
        this.#violations.push({ clauseId: 'ACP-INIT-SCHEMA', rule: `the initialize result does not validate against InitializeResponse: ${describeAcpSchemaErrors(errors)}`, frame });
    }
    if (SESSION_OPENERS.has(method) && result !== null && typeof result === 'object') {
      const sessionId = (result as { sessionId?: unknown }).sessionId;
      if (typeof sessionId === 'string') this.#announceSession(sessionId, frame);
    }
  }

  /**
   * Marks a session as answered: updates naming it before this point broke ACP-SESS-ORDER.
   * @param sessionId - the session
   * @param frame - the response that created it
   */
  #announceSession(sessionId: string, frame: FrameRef): void {
    const early = this.#earlyUpdates.get(sessionId);
    if (early !== undefined && !this.#announcedSessions.has(sessionId)) {
      this.#violations.push({
        clauseId: 'ACP-SESS-ORDER',
        rule: `agent→client frame ${early.index} is a session/update for session ${JSON.stringify(sessionId)} before the response that created it (agent→client frame ${frame.index})`,
        frame: early,
      });
    }
    this.#announcedSessions.add(sessionId);
  }

  /**
   * Marks a session id known without a response (a `session/load` of an id the suite already knows).
   * @param sessionId - the session
   */
  knowSession(sessionId: string): void {
    this.#announcedSessions.add(sessionId);
  }

  #onNotification(method: string, params: unknown, frame: FrameRef): void {
    this.#notifications.push({ method, params, frame });
    if (method !== 'session/update') return;
    const errors = acpSchemaErrors('SessionNotification', params);
    if (errors.length > 0)
      this.#violations.push({ clauseId: 'ACP-TURN-UPDATES-SCHEMA', rule: `a session/update that does not validate against SessionNotification: ${describeAcpSchemaErrors(errors)}`, frame });
    const sessionId = (params as { sessionId?: unknown } | undefined)?.sessionId;
    if (typeof sessionId === 'string' && !this.#announcedSessions.has(sessionId) && !this.#earlyUpdates.has(sessionId)) this.#earlyUpdates.set(sessionId, frame);
  }

  #onAgentRequest(id: JsonRpcId | null, method: string, params: unknown, frame: FrameRef): void {
    this.#agentRequests.push({ method, params, frame });
    const gated = this.#gate(method, frame);
    // A case may answer (or hold) the request itself; the gate's verdict is recorded either way.
    const answer = (gated === null ? this.#answerer?.({ id, method, params, frame }) : undefined) ?? gated ?? this.defaultAnswer(method, params, frame);
    void Promise.resolve(answer).then((settled) => {
      const body = 'error' in settled ? { error: settled.error } : { result: settled.result };
      this.#send(Buffer.from(JSON.stringify({ jsonrpc: '2.0', id, ...body })));
    });
  }

  /**
   * Lets a case answer the agent's requests itself (hold one to freeze a turn, reject a permission, answer with an
   * error); a request it returns undefined for gets {@link defaultAnswer}. fs and terminal requests the client did not
   * advertise are refused and recorded before the answerer sees them.
   * @param answerer - the case's answerer, or null for the default answers
   */
  setAnswerer(answerer: AgentRequestAnswerer | null): void {
    this.#answerer = answerer;
  }

  /** Terminals the agent created and has not released, by the suite's simulated ids (ACP-TERM-RELEASE). */
  get openTerminals(): ReadonlySet<string> {
    return this.#openTerminals;
  }

  // fs and terminal requests the client did not advertise in this connection: recorded and refused.
  #gate(method: string, frame: FrameRef): { readonly error: JsonRpcErrorObject } | null {
    const isFs = method === 'fs/read_text_file' || method === 'fs/write_text_file';
    if (isFs && !(method === 'fs/read_text_file' ? this.#capabilities.readTextFile : this.#capabilities.writeTextFile)) {
      this.#violations.push({ clauseId: 'ACP-FS-GATED', rule: `${method} although the client did not advertise it in this connection`, frame });
      return { error: { code: METHOD_NOT_FOUND, message: `${method} was not advertised` } };
    }
    if (method.startsWith('terminal/') && !this.#capabilities.terminal) {
      this.#violations.push({ clauseId: 'ACP-TERM-GATED', rule: `${method} although the client did not advertise terminal in this connection`, frame });
      return { error: { code: METHOD_NOT_FOUND, message: 'terminal was not advertised' } };
    }
    return null;
  }

  /**
   * The suite's default answer to an agent request: permission from the first allow option, fs served only inside
   * the session's roots (outside: an error, recorded for ACP-SESS-CWD), terminals simulated, anything else -32601.
   * Nothing the agent asks is ever done on the host.
   * @param method - the request's method
   * @param params - its params
   * @param frame - its frame (evidence)
   */
  async defaultAnswer(method: string, params: unknown, frame: FrameRef): Promise<AgentRequestAnswer> {
    const input = (params ?? {}) as Record<string, unknown>;
    const sessionId = typeof input['sessionId'] === 'string' ? input['sessionId'] : '';
    if (method === 'session/request_permission') {
      const options = Array.isArray(input['options']) ? (input['options'] as { optionId?: unknown; kind?: unknown }[]) : [];
      const allow = options.find((option) => option.kind === 'allow_once') ?? options.find((option) => option.kind === 'allow_always');
      return { result: { outcome: allow === undefined ? { outcome: 'cancelled' } : { outcome: 'selected', optionId: allow.optionId } } };
    }
    if (method === 'fs/read_text_file' || method === 'fs/write_text_file') {
      const advertised = method === 'fs/read_text_file' ? this.#capabilities.readTextFile : this.#capabilities.writeTextFile;
      if (!advertised) return { error: { code: METHOD_NOT_FOUND, message: `${method} was not advertised` } };
      const path = input['path'];
      if (typeof path !== 'string' || !isAbsolute(path)) {
        this.#violations.push({ clauseId: 'ACP-SESS-PATHS-ABSOLUTE', rule: `${method} with path ${JSON.stringify(path)}, which is not absolute`, frame });
        return { error: { code: -32602, message: 'path must be absolute' } };
      }
      const inside = await this.#insideSession(sessionId, path);
      if (!inside) {
        this.#violations.push({ clauseId: 'ACP-SESS-CWD', rule: `${method} of ${JSON.stringify(path)}, outside the session's root`, frame });
        return { error: { code: -32602, message: 'path outside the session root' } };
      }
      try {
        if (method === 'fs/read_text_file') return { result: { content: await readFile(path, 'utf8') } };
        await writeFile(path, typeof input['content'] === 'string' ? input['content'] : '');
        return { result: {} };
      } catch (error) {
        return { error: { code: -32002, message: `resource not found: ${(error as NodeJS.ErrnoException).code ?? 'error'}` } };
      }
    }
    if (method.startsWith('terminal/')) {
      if (!this.#capabilities.terminal) return { error: { code: METHOD_NOT_FOUND, message: 'terminal was not advertised' } };
      return this.#simulateTerminal(method, input);
    }
    return { error: { code: METHOD_NOT_FOUND, message: `Method not found: ${method}` } };
  }

  // Terminals are simulated: scripted empty output and exit code 0, nothing executed.
  #simulateTerminal(method: string, input: Record<string, unknown>): { readonly result: unknown } | { readonly error: JsonRpcErrorObject } {
    const terminalId = typeof input['terminalId'] === 'string' ? input['terminalId'] : '';
    switch (method) {
      case 'terminal/create': {
        const id = `term-${++this.#terminals}`;
        this.#openTerminals.add(id);
        return { result: { terminalId: id } };
      }
      case 'terminal/output':
        return { result: { output: '', truncated: false, exitStatus: { exitCode: 0 } } };
      case 'terminal/wait_for_exit':
        return { result: { exitCode: 0 } };
      case 'terminal/kill':
        return { result: {} };
      case 'terminal/release':
        this.#openTerminals.delete(terminalId);
        return { result: {} };
      default:
        return { error: { code: METHOD_NOT_FOUND, message: `Method not found: ${method}` } };
    }
  }

  async #insideSession(sessionId: string, path: string): Promise<boolean> {
    const roots = this.#sessionRoots.get(sessionId) ?? [];
    const real = await realpath(path).catch(() => resolve(path));
    return roots.some((root) => {
      const rest = relative(root, real);
      return rest === '' || (!rest.startsWith(`..${sep}`) && rest !== '..' && !isAbsolute(rest));
    });
  }
}

// Request ids are compared as JSON values: 1 and "1" are different ids.
function idKey(id: JsonRpcId): string {
  return `${typeof id}:${String(id)}`;
}
