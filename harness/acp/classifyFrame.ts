import type { AcpClauseId } from './acpClauses.js';
import type { RawFrame } from './frameReader.js';

// What one raw stdout frame of the agent is, judged from its bytes alone (pure).

/** A JSON-RPC request id as ACP allows it on the wire. */
export type JsonRpcId = string | number;

/** A JSON-RPC error object, as received (shape already checked). */
export interface JsonRpcErrorObject {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/** A well-formed JSON-RPC 2.0 message from the agent. */
export type AgentMessage =
  | { readonly kind: 'request'; readonly id: JsonRpcId | null; readonly method: string; readonly params: unknown }
  | { readonly kind: 'notification'; readonly method: string; readonly params: unknown }
  | { readonly kind: 'response'; readonly id: JsonRpcId | null; readonly result: unknown; readonly error?: never }
  | { readonly kind: 'response'; readonly id: JsonRpcId | null; readonly error: JsonRpcErrorObject; readonly result?: never };

/** A rule a frame broke, as data. */
export interface FrameViolation {
  readonly clauseId: AcpClauseId;
  /** The rule broken, in one line. */
  readonly rule: string;
}

/** One frame, classified: the message it carries (when it is one) and the framing rules it broke. */
export interface ClassifiedFrame {
  readonly message: AgentMessage | null;
  readonly violations: readonly FrameViolation[];
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Classifies one frame of the agent's stdout.
 * @param frame - a frame as the bounded reader delimited it
 * @param bound - the frame bound, for the message of an over-long line
 */
export function classifyFrame(frame: RawFrame, bound: number): ClassifiedFrame {
  if (frame.kind === 'overlong') {
    return { message: null, violations: [{ clauseId: 'ACP-FRM-LINE', rule: `a line of ${frame.length}${frame.terminated ? '' : '+'} bytes exceeds the frame bound of ${bound} bytes` }] };
  }
  const violations: FrameViolation[] = [];
  if (frame.kind === 'unterminated') violations.push({ clauseId: 'ACP-FRM-LINE', rule: 'stdout ended inside a line: the last message has no terminating \\n' });
  let text: string;
  try {
    text = utf8.decode(frame.bytes);
  } catch {
    return { message: null, violations: [...violations, { clauseId: 'ACP-FRM-UTF8', rule: 'the line is not valid UTF-8' }] };
  }
  if (text.trim() === '') return { message: null, violations: [...violations, { clauseId: 'ACP-FRM-STDOUT-PURE', rule: 'a blank line on stdout is not an ACP message' }] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {
      message: null,
      violations: [...violations, { clauseId: 'ACP-FRM-STDOUT-PURE', rule: 'a line on stdout that is not JSON (a banner, log line or escape sequence) is not an ACP message' }],
    };
  }
  const envelope = classifyEnvelope(value);
  if (typeof envelope === 'string') return { message: null, violations: [...violations, { clauseId: 'ACP-FRM-ENVELOPE', rule: envelope }] };
  return { message: envelope, violations };
}

// The JSON-RPC 2.0 envelope: a message, or the rule it breaks.
function classifyEnvelope(value: unknown): AgentMessage | string {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return `a JSON ${Array.isArray(value) ? 'array (batches are not ACP)' : value === null ? 'null' : typeof value} is not a JSON-RPC message object`;
  const message = value as Record<string, unknown>;
  if (message['jsonrpc'] !== '2.0') return `"jsonrpc" must be "2.0", got ${describe(message['jsonrpc'])}`;
  const hasId = Object.hasOwn(message, 'id');
  const id = message['id'];
  if (hasId && id !== null && typeof id !== 'string' && typeof id !== 'number') return `"id" must be a string, a number or null, got ${describe(id)}`;
  if (Object.hasOwn(message, 'method')) {
    const method = message['method'];
    if (typeof method !== 'string') return `"method" must be a string, got ${describe(method)}`;
    if (Object.hasOwn(message, 'result') || Object.hasOwn(message, 'error')) return 'a message with "method" must not carry "result" or "error"';
    const params = message['params'];
    if (params !== undefined && (params === null || typeof params !== 'object')) return `"params" must be an object or array, got ${describe(params)}`;
    return hasId ? { kind: 'request', id: id as JsonRpcId | null, method, params } : { kind: 'notification', method, params };
  }
  const hasResult = Object.hasOwn(message, 'result');
  const hasError = Object.hasOwn(message, 'error');
  if (!hasId) return 'a message without "method" is a response and must carry "id"';
  if (hasResult === hasError) return hasResult ? 'a response must not carry both "result" and "error"' : 'a response must carry "result" or "error"';
  if (hasResult) return { kind: 'response', id: id as JsonRpcId | null, result: message['result'] };
  const error = message['error'];
  if (error === null || typeof error !== 'object' || Array.isArray(error)) return `"error" must be an object, got ${describe(error)}`;
  const { code, message: text, data } = error as Record<string, unknown>;
  if (typeof code !== 'number' || !Number.isInteger(code)) return `"error.code" must be an integer, got ${describe(code)}`;
  if (typeof text !== 'string') return `"error.message" must be a string, got ${describe(text)}`;
  return { kind: 'response', id: id as JsonRpcId | null, error: { code, message: text, ...(data === undefined ? {} : { data }) } };
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/** Longest excerpt of a raw line a report shows. */
export const RAW_EXCERPT_CHARS = 300;

/**
 * A raw line for a report: decoded leniently, every control character escaped, bounded.
 * @param bytes - the raw bytes (a line or the kept head of one)
 * @param totalLength - the line's full length, when more was received than `bytes` holds
 * @param max - characters kept. @defaultValue {@link RAW_EXCERPT_CHARS}
 */
export function escapeRaw(bytes: Buffer, totalLength: number = bytes.length, max: number = RAW_EXCERPT_CHARS): string {
  const text = JSON.stringify(bytes.subarray(0, max * 4).toString('utf8')).slice(1, -1);
  const shown = text.length > max ? text.slice(0, max) : text;
  const omitted = text.length > max || totalLength > bytes.length;
  return omitted ? `${shown}… (${totalLength} bytes)` : shown;
}
