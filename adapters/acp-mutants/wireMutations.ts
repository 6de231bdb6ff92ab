/* eslint-disable @typescript-eslint/no-explicit-any -- a filter picks arbitrary JSON apart */
import { identityWire, type RawOutput, type WireFilter } from '../acp-reference/stdioTransport.js';

// Helpers for mutants whose defect is on the raw wire: each builds a `WireFilter` that is the
// reference's identity except for the messages its edit picks.

/** A JSON-RPC message as a filter sees it. */
export type WireMessage = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: any; result?: any; error?: any };

function parsed(text: string): WireMessage | undefined {
  try {
    const message = JSON.parse(text) as unknown;
    return message !== null && typeof message === 'object' && !Array.isArray(message) ? (message as WireMessage) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A wire that writes each outgoing message as `edit` says; `undefined` keeps the reference's line.
 * @param edit - gets the message and its JSON text, returns the bytes to write (newlines included)
 */
export function editOutgoing(edit: (message: WireMessage, line: string, out: RawOutput) => string | Uint8Array | undefined): WireFilter {
  return Object.freeze({
    ...identityWire,
    outgoing: (line: string, out: RawOutput) => {
      const message = parsed(line);
      return (message === undefined ? undefined : edit(message, line, out)) ?? `${line}\n`;
    },
  });
}

/**
 * A wire that shows each incoming line to `edit` first; `'drop'` keeps it from the SDK.
 * @param edit - gets the parsed message (undefined when the line is not JSON) and its bytes
 */
export function inspectIncoming(edit: (message: WireMessage | undefined, line: Uint8Array, out: RawOutput) => 'pass' | 'drop'): WireFilter {
  return Object.freeze({
    ...identityWire,
    incomingLine: (line: Uint8Array, out: RawOutput) => (edit(parsed(Buffer.from(line).toString('utf8')), line, out) === 'drop' ? undefined : line),
  });
}

/** Whether the message is a response carrying a result. */
export function isResult(message: WireMessage): boolean {
  return message.method === undefined && 'id' in message && 'result' in message;
}

/** Whether the message is a request (method and id). */
export function isRequest(message: WireMessage | undefined): message is WireMessage {
  return message !== undefined && typeof message.method === 'string' && 'id' in message;
}

/** Writes a JSON-RPC response straight to stdout. */
export function respond(out: RawOutput, id: unknown, reply: { result: unknown } | { error: { code: number; message: string } }): void {
  out.write(`${JSON.stringify({ jsonrpc: '2.0', id, ...reply })}\n`);
}

/** Ends the process the way a crashing agent does: a stack-trace-like line on stderr, exit 1. */
export function crash(message: string): never {
  process.stderr.write(`${message}\n    at Agent.handle (agent.js:1:1)\n`);
  process.exit(1);
}
