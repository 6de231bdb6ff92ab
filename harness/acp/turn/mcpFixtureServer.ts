#!/usr/bin/env node
// The suite's stdio MCP server, started by the agent under test from the `mcpServers` of
// `session/new`: `node mcpFixtureServer.js <control socket> <argument nonce>`, with the environment
// nonce in AQ_MCP_FIXTURE_NONCE. It reports how it was started and every message it reads to the
// suite over the control socket, and answers a request only once the suite has acknowledged its
// report, so the suite's record of the server is complete before the agent can act on an answer.
// Standalone: node built-ins and its tool's definition only (the agent runs it as its own child).
import { connect, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { MCP_FIXTURE_TOOL as TOOL } from '../mcpFixtureTool.js';

type Message = { readonly id?: unknown; readonly method?: unknown; readonly params?: unknown };

const [controlPath, argumentNonce] = process.argv.slice(2);
const acknowledged = new Map<number, () => void>();
let sequence = 0;
let control: Socket | null = null;

function report(event: Record<string, unknown>): void {
  control?.write(`${JSON.stringify(event)}\n`);
}

function reply(id: unknown, body: { readonly result: unknown } | { readonly error: { code: number; message: string } }): void {
  process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id, ...body })}\n`);
}

function answer(message: Message): void {
  const { id, method } = message;
  if (method === 'initialize') {
    const requested = (message.params as { protocolVersion?: unknown } | undefined)?.protocolVersion;
    reply(id, {
      result: {
        protocolVersion: typeof requested === 'string' ? requested : '2025-06-18',
        capabilities: { tools: {} },
        serverInfo: { name: 'adapter-qualify-mcp-fixture', version: '1.0.0' },
      },
    });
  } else if (method === 'tools/list') reply(id, { result: { tools: [TOOL] } });
  else if (method === 'tools/call') reply(id, { result: { content: [{ type: 'text', text: 'noted by the adapter-qualify MCP fixture' }] } });
  else if (method === 'ping') reply(id, { result: {} });
  else reply(id, { error: { code: -32601, message: `method not found: ${String(method)}` } });
}

function onLine(line: string): void {
  if (line.trim() === '') return;
  let message: Message;
  try {
    message = JSON.parse(line) as Message;
  } catch {
    report({ event: 'not-json', line: line.slice(0, 200) });
    return;
  }
  const seq = ++sequence;
  const isRequest = message.id !== undefined && typeof message.method === 'string';
  report({ event: 'message', seq, method: typeof message.method === 'string' ? message.method : null, request: isRequest, params: message.params ?? null });
  if (!isRequest) return;
  if (control === null) answer(message);
  else acknowledged.set(seq, () => answer(message));
}

function acknowledge(line: string): void {
  const seq = (JSON.parse(line) as { ack?: unknown }).ack;
  if (typeof seq !== 'number') return;
  acknowledged.get(seq)?.();
  acknowledged.delete(seq);
}

// Without the suite's ear the fixture still serves (nothing it does is then evidence).
function serveUnheard(): void {
  control = null;
  for (const pending of acknowledged.values()) pending();
  acknowledged.clear();
}

const socket = connect(controlPath ?? '');
socket.once('connect', () => {
  control = socket;
  report({ event: 'start', pid: process.pid, argv: process.argv.slice(2), argumentNonce: argumentNonce ?? null, environmentNonce: process.env['AQ_MCP_FIXTURE_NONCE'] ?? null });
  createInterface({ input: socket }).on('line', acknowledge);
  createInterface({ input: process.stdin }).on('line', onLine);
});
socket.once('error', (error) => {
  process.stderr.write(`adapter-qualify MCP fixture: control socket ${JSON.stringify(controlPath)}: ${error.message}\n`);
  if (control === null) createInterface({ input: process.stdin }).on('line', onLine);
  serveUnheard();
});
socket.once('close', serveUnheard);
process.stdin.once('end', () => process.exit(0));
