import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { McpServerStdio } from '@agentclientprotocol/sdk';

// A minimal MCP client over stdio (newline-delimited JSON-RPC 2.0): enough to start a server
// given in `session/new`, initialize it, list its tools and call one. The project has no MCP SDK
// dependency, and the reference agent needs only these three requests.

/** One tool as the server lists it. */
export interface McpTool {
  readonly name: string;
  readonly inputSchema: unknown;
}

/** A started MCP server. */
export interface McpConnection {
  readonly name: string;
  /** The tools listed once after `initialize`; empty until `listTools` has answered. */
  readonly tools: readonly McpTool[];
  /** Sends `tools/list` and keeps the answer in `tools`. */
  listTools(): Promise<readonly McpTool[]>;
  /** Sends `tools/call` and returns its result. */
  callTool(name: string, args: Record<string, unknown>): Promise<unknown>;
  /** Ends the server: closes its stdin, then kills it if it lingers. */
  close(): void;
}

const REQUEST_TIMEOUT_MS = 10_000;
const CLOSE_GRACE_MS = 1_000;

/** Every server started by this process, so that none outlives the agent. */
const liveServers = new Set<ChildProcess>();

/** Kills every MCP server this process started (on exit). */
export function killAllMcpServers(): void {
  for (const child of liveServers) child.kill('SIGKILL');
  liveServers.clear();
}

/**
 * Starts the server and sends `initialize` and `notifications/initialized`.
 * @param server - the stdio server as `session/new` gave it
 * @param log - where diagnostics go (stderr)
 */
export async function startMcpServer(server: McpServerStdio, log: (line: string) => void): Promise<McpConnection> {
  const env = { ...process.env, ...Object.fromEntries(server.env.map((variable) => [variable.name, variable.value])) };
  const child = spawn(server.command, server.args, { stdio: ['pipe', 'pipe', 'pipe'], env });
  liveServers.add(child);
  child.once('exit', () => liveServers.delete(child));
  child.stderr?.on('data', (chunk: Buffer) => log(`mcp ${server.name}: ${chunk.toString('utf8').trimEnd()}`));

  let nextId = 1;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const failAll = (error: Error) => {
    for (const entry of pending.values()) entry.reject(error);
    pending.clear();
  };
  child.once('error', (error) => failAll(error));
  child.once('exit', (code, signal) => failAll(new Error(`MCP server ${server.name} exited (${signal ?? code})`)));
  child.stdin?.on('error', () => {});
  createInterface({ input: child.stdout! }).on('line', (line) => {
    let message: { id?: unknown; result?: unknown; error?: { message?: unknown } };
    try {
      message = JSON.parse(line) as typeof message;
    } catch {
      log(`mcp ${server.name}: not JSON: ${line.slice(0, 200)}`);
      return;
    }
    if (typeof message.id !== 'number') return;
    const entry = pending.get(message.id);
    if (entry === undefined) return;
    pending.delete(message.id);
    if (message.error !== undefined) entry.reject(new Error(`MCP error: ${String(message.error.message)}`));
    else entry.resolve(message.result);
  });

  const send = (message: object) => child.stdin?.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  const request = (method: string, params: object): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`MCP ${method} timed out`));
      }, REQUEST_TIMEOUT_MS);
      pending.set(id, {
        resolve: (value) => (clearTimeout(timer), resolve(value)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      send({ id, method, params });
    });

  let tools: readonly McpTool[] = [];
  await request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'acp-reference-agent', version: '1.0.0' } });
  send({ method: 'notifications/initialized' });
  return {
    name: server.name,
    get tools() {
      return tools;
    },
    async listTools() {
      const result = (await request('tools/list', {})) as { tools?: McpTool[] } | undefined;
      tools = Array.isArray(result?.tools) ? result.tools : [];
      return tools;
    },
    callTool: (name, args) => request('tools/call', { name, arguments: args }),
    close() {
      child.stdin?.end();
      setTimeout(() => child.kill('SIGKILL'), CLOSE_GRACE_MS).unref();
    },
  };
}
