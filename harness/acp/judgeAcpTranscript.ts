import { isAbsolute, posix } from 'node:path';
import type { AcpClauseId } from './acpClauses.js';
import { RESULT_DEFINITIONS } from './AcpConnection.js';
import { acpSchemaErrors, describeAcpSchemaErrors, rootExtras } from './acpSchema.js';
import type { AcpTranscriptEntry } from './AcpTranscript.js';
import { classifyFrame, escapeRaw, type AgentMessage, type JsonRpcId } from './classifyFrame.js';
import type { RawFrame } from './frameReader.js';

// Re-judges the frames of an ACP transcript offline, without the agent (pure): every agent→client frame
// from its recorded bytes (framing, envelope, responses matched to the suite's requests, result and update
// schemas, session order, gated and out-of-root requests), the way the live connection judged it.

/** The clauses a transcript alone can decide. */
export const TRANSCRIPT_JUDGED_CLAUSES: readonly AcpClauseId[] = [
  'ACP-FRM-STDOUT-PURE',
  'ACP-FRM-LINE',
  'ACP-FRM-UTF8',
  'ACP-FRM-ENVELOPE',
  'ACP-FRM-ONE-RESPONSE',
  'ACP-FRM-NO-RESPONSE-TO-NOTIFICATION',
  'ACP-ROB-ID-TYPES',
  'ACP-NO-ROOT-EXTRAS',
  'ACP-INIT-SCHEMA',
  'ACP-SESS-ORDER',
  'ACP-TURN-UPDATES-SCHEMA',
  'ACP-FS-GATED',
  'ACP-TERM-GATED',
  'ACP-SESS-PATHS-ABSOLUTE',
  'ACP-SESS-CWD',
];

/** One rule a transcript shows broken. */
export interface TranscriptViolation {
  readonly clauseId: AcpClauseId;
  readonly rule: string;
  /** 1-based line of the frame in the transcript. */
  readonly line: number;
}

/** What a transcript shows. */
export interface AcpTranscriptJudgement {
  /** Frames read from agents (agent→client). */
  readonly agentFrames: number;
  /** Frames the suite wrote (client→agent). */
  readonly clientFrames: number;
  /** Agent processes seen. */
  readonly agents: number;
  /** agent→client frames the transcript holds only the head of (longer than a transcript line keeps): not judged. */
  readonly truncated: number;
  readonly violations: readonly TranscriptViolation[];
}

/** A transcript line with its line number. */
export interface NumberedEntry {
  readonly line: number;
  readonly entry: AcpTranscriptEntry;
}

interface Pending {
  readonly id: JsonRpcId;
  readonly method: string;
  responses: number;
}

/** What the suite's side of one agent process looked like so far. */
class AgentState {
  readonly pending = new Map<string, Pending>();
  readonly announced = new Set<string>();
  readonly earlyUpdates = new Map<string, number>();
  /** Session roots by the `session/new` request id that asked for them. */
  readonly requestedRoots = new Map<string, string>();
  readonly sessionRoots = new Map<string, string>();
  lastSent: 'request' | 'notification' | 'invalid' | 'response' | null = null;
  lastNotification: number | null = null;
  invalidSent = false;
  advertised = { readTextFile: false, writeTextFile: false, terminal: false };
}

/**
 * Judges a transcript's frames in the order they were recorded.
 * @param entries - the transcript's lines, parsed, with their numbers
 * @param frameBytes - the frame bound of the run
 */
export function judgeAcpTranscript(entries: Iterable<NumberedEntry>, frameBytes: number): AcpTranscriptJudgement {
  const agents = new Map<number, AgentState>();
  const violations: TranscriptViolation[] = [];
  let agentFrames = 0;
  let clientFrames = 0;
  let truncated = 0;
  for (const { line, entry } of entries) {
    if (entry.direction === 'event') continue;
    let state = agents.get(entry.agent);
    if (state === undefined) agents.set(entry.agent, (state = new AgentState()));
    const bytes = entry.base64 === undefined ? Buffer.from(entry.raw, 'utf8') : Buffer.from(entry.base64, 'base64');
    const violate = (clauseId: AcpClauseId, rule: string): void => void violations.push({ clauseId, rule, line });
    if (entry.direction === 'client→agent') {
      clientFrames += 1;
      judgeClientFrame(state, bytes, entry.bytes !== undefined);
      continue;
    }
    agentFrames += 1;
    const length = entry.bytes ?? bytes.length;
    let raw: RawFrame;
    if (entry.end === 'overlong') raw = { kind: 'overlong', length, head: bytes, terminated: true };
    else if (entry.bytes !== undefined) {
      truncated += 1;
      continue;
    } else raw = entry.end === 'unterminated' ? { kind: 'unterminated', bytes } : { kind: 'line', bytes };
    const classified = classifyFrame(raw, frameBytes);
    for (const violation of classified.violations) violate(violation.clauseId, violation.rule);
    if (classified.message !== null) judgeAgentMessage(state, classified.message, violate);
  }
  return { agentFrames, clientFrames, agents: agents.size, truncated, violations };
}

// The suite's own frame: what it asked (pending requests), advertised, and whether it last sent a notification.
function judgeClientFrame(state: AgentState, bytes: Buffer, cut: boolean): void {
  const message = parseClientMessage(bytes.toString('utf8'), cut);
  if (message === null) {
    state.lastSent = 'invalid';
    state.invalidSent = true;
    return;
  }
  const { id, method, params } = message;
  if (method === undefined) {
    state.lastSent = 'response';
    return;
  }
  if (id === undefined) {
    state.lastSent = 'notification';
    state.lastNotification = 1;
    return;
  }
  state.lastSent = 'request';
  state.pending.set(idKey(id), { id, method, responses: 0 });
  const input = (params ?? {}) as { clientCapabilities?: { fs?: { readTextFile?: unknown; writeTextFile?: unknown }; terminal?: unknown }; cwd?: unknown };
  if (method === 'initialize') {
    const capabilities = input.clientCapabilities;
    state.advertised = { readTextFile: capabilities?.fs?.readTextFile === true, writeTextFile: capabilities?.fs?.writeTextFile === true, terminal: capabilities?.terminal === true };
  }
  if (method === 'session/new' && typeof input.cwd === 'string') state.requestedRoots.set(idKey(id), input.cwd);
}

// A frame the suite wrote: JSON, or, for a line the transcript cut short, the head the suite always writes first
// (`{"jsonrpc":"2.0","id":…,"method":"…"`).
function parseClientMessage(text: string, cut: boolean): { readonly id?: JsonRpcId; readonly method?: string; readonly params?: unknown } | null {
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
    const message = value as Record<string, unknown>;
    const id = typeof message['id'] === 'string' || typeof message['id'] === 'number' ? (message['id'] as JsonRpcId) : undefined;
    const method = typeof message['method'] === 'string' ? message['method'] : undefined;
    return { ...(id === undefined ? {} : { id }), ...(method === undefined ? {} : { method }), params: message['params'] };
  } catch {
    if (!cut) return null;
    const head = /^\{"jsonrpc":"2\.0",(?:"id":(-?\d+|"(?:[^"\\]|\\.)*"),)?"method":"((?:[^"\\]|\\.)*)"/.exec(text);
    if (head === null) return null;
    const id = head[1] === undefined ? undefined : (JSON.parse(head[1]) as JsonRpcId);
    return { ...(id === undefined ? {} : { id }), method: JSON.parse(`"${head[2]!}"`) as string };
  }
}

function judgeAgentMessage(state: AgentState, message: AgentMessage, violate: (clauseId: AcpClauseId, rule: string) => void): void {
  if (message.kind === 'notification') {
    if (message.method !== 'session/update') return;
    const errors = acpSchemaErrors('SessionNotification', message.params);
    if (errors.length > 0) violate('ACP-TURN-UPDATES-SCHEMA', `a session/update that does not validate against SessionNotification: ${describeAcpSchemaErrors(errors)}`);
    const sessionId = (message.params as { sessionId?: unknown } | undefined)?.sessionId;
    if (typeof sessionId === 'string' && !state.announced.has(sessionId) && !state.earlyUpdates.has(sessionId)) state.earlyUpdates.set(sessionId, 1);
    return;
  }
  if (message.kind === 'request') {
    judgeAgentRequest(state, message.method, message.params, violate);
    return;
  }
  const pending = message.id === null ? undefined : state.pending.get(idKey(message.id));
  if (pending === undefined) {
    judgeUnmatched(state, message, violate);
    return;
  }
  pending.responses += 1;
  if (pending.responses > 1) {
    violate('ACP-FRM-ONE-RESPONSE', `a second response to request ${JSON.stringify(pending.id)} (${pending.method})`);
    return;
  }
  if (message.error !== undefined) return;
  const definition = RESULT_DEFINITIONS[pending.method];
  if (definition === undefined) return;
  const extras = rootExtras(definition, message.result);
  if (extras.length > 0)
    violate('ACP-NO-ROOT-EXTRAS', `the ${pending.method} result carries ${extras.map((key) => JSON.stringify(key)).join(', ')} at its root (extensions belong in _meta)`);
  if (definition === 'InitializeResponse') {
    const errors = acpSchemaErrors(definition, message.result);
    if (errors.length > 0) violate('ACP-INIT-SCHEMA', `the initialize result does not validate against InitializeResponse: ${describeAcpSchemaErrors(errors)}`);
  }
  const sessionId = (message.result as { sessionId?: unknown } | null)?.sessionId;
  if (typeof sessionId === 'string' && (pending.method === 'session/new' || pending.method === 'session/load' || pending.method === 'session/resume')) {
    if (state.earlyUpdates.has(sessionId) && !state.announced.has(sessionId))
      violate('ACP-SESS-ORDER', `a session/update for session ${JSON.stringify(sessionId)} came before the response that created it`);
    state.announced.add(sessionId);
    const root = state.requestedRoots.get(idKey(pending.id));
    if (root !== undefined) state.sessionRoots.set(sessionId, root);
  }
}

function judgeUnmatched(state: AgentState, message: Extract<AgentMessage, { kind: 'response' }>, violate: (clauseId: AcpClauseId, rule: string) => void): void {
  const { id } = message;
  if (id !== null) {
    const sameText = [...state.pending.values()].find((pending) => String(pending.id) === String(id));
    if (sameText !== undefined) {
      violate('ACP-ROB-ID-TYPES', `the response's id ${JSON.stringify(id)} is not the request's id ${JSON.stringify(sameText.id)} (same value, another JSON type)`);
      return;
    }
  }
  if (id === null && message.error !== undefined && (message.error.code === -32700 || message.error.code === -32600) && state.invalidSent) return;
  if (state.lastNotification !== null && (id === null || state.lastSent === 'notification')) {
    violate('ACP-FRM-NO-RESPONSE-TO-NOTIFICATION', `a response with id ${JSON.stringify(id)} answers no request of the suite: notifications are never answered`);
    return;
  }
  if (id === null) {
    if (message.error === undefined) violate('ACP-FRM-ENVELOPE', 'a result response with id null answers no request');
    return;
  }
  violate('ACP-FRM-ONE-RESPONSE', `a response to id ${JSON.stringify(id)}, which no request of the suite carries`);
}

// The agent's requests to the client: gated by what the suite advertised, paths absolute and inside the session's root.
function judgeAgentRequest(state: AgentState, method: string, params: unknown, violate: (clauseId: AcpClauseId, rule: string) => void): void {
  const isFs = method === 'fs/read_text_file' || method === 'fs/write_text_file';
  if (isFs && !(method === 'fs/read_text_file' ? state.advertised.readTextFile : state.advertised.writeTextFile)) {
    violate('ACP-FS-GATED', `${method} although the client did not advertise it in this connection`);
    return;
  }
  if (method.startsWith('terminal/') && !state.advertised.terminal) {
    violate('ACP-TERM-GATED', `${method} although the client did not advertise terminal in this connection`);
    return;
  }
  if (!isFs) return;
  const input = (params ?? {}) as { path?: unknown; sessionId?: unknown };
  if (typeof input.path !== 'string' || !isAbsolute(input.path)) {
    violate('ACP-SESS-PATHS-ABSOLUTE', `${method} with path ${JSON.stringify(input.path)}, which is not absolute`);
    return;
  }
  const root = typeof input.sessionId === 'string' ? state.sessionRoots.get(input.sessionId) : undefined;
  // Judged on the path's text: the files it named are gone with the run.
  const rest = root === undefined ? null : posix.relative(root, posix.normalize(input.path));
  if (root !== undefined && (rest === null || rest === '..' || rest.startsWith('../') || isAbsolute(rest)))
    violate('ACP-SESS-CWD', `${method} of ${JSON.stringify(input.path)}, outside the session's root`);
}

/**
 * The frame a report's FAIL reason cites (`agent A, DIRECTION frame I: \`raw\``), or null.
 * @param reason - a clause's FAIL reason
 */
export function citedFrame(reason: string): { readonly agent: number; readonly direction: 'agent→client' | 'client→agent'; readonly index: number; readonly raw: string } | null {
  const match = /agent (\d+), (agent→client|client→agent) frame (\d+): `([\s\S]*)` \(case "/.exec(reason);
  if (match === null) return null;
  return { agent: Number(match[1]), direction: match[2] as 'agent→client' | 'client→agent', index: Number(match[3]), raw: match[4]! };
}

/**
 * A transcript frame as a report cites it (escaped, bounded), for comparing the two.
 * @param entry - the transcript line
 */
export function citedRaw(entry: AcpTranscriptEntry): string {
  const bytes = entry.base64 === undefined ? Buffer.from(entry.raw, 'utf8') : Buffer.from(entry.base64, 'base64');
  return escapeRaw(bytes, entry.bytes ?? bytes.length);
}

// Request ids are compared as JSON values: 1 and "1" are different ids.
function idKey(id: JsonRpcId): string {
  return `${typeof id}:${String(id)}`;
}
