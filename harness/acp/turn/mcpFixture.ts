import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { packageRoot } from '../../packageRoot.js';

// The suite's side of its stdio MCP fixture (mcpFixtureServer.ts): the `mcpServers` entry passed in
// `session/new`, and a control socket on which the fixture reports how it was started and every
// message it reads. The fixture answers a request only once the suite acknowledges its report, so
// a case can look at the record (and at the agent's frames) before the agent gets the answer.

/** The environment variable whose value the fixture reports (the agent must pass `env` through). */
export const FIXTURE_NONCE_VARIABLE = 'AQ_MCP_FIXTURE_NONCE';

/** How the fixture reported it was started. */
export interface FixtureStart {
  readonly pid: number;
  readonly argv: readonly string[];
  readonly environmentNonce: string | null;
}

/** A message the fixture read from the agent, in the fixture's order. */
export interface FixtureMessage {
  readonly seq: number;
  readonly method: string | null;
  readonly request: boolean;
}

/** The `McpServerStdio` entry of `session/new`. */
export interface FixtureServerEntry {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly env: readonly { readonly name: string; readonly value: string }[];
}

/** Decides when a reported request is answered: the fixture answers once the returned promise settles. */
export type FixtureRequestGate = (message: FixtureMessage) => Promise<void> | void;

/**
 * Where the compiled fixture script is: beside this module when it runs from `dist/`, else in the
 * package's `dist/` (the agent runs it with node, which cannot run TypeScript).
 */
export function fixtureScriptPath(): string {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith('.js') ? join(here, '..', 'mcpFixtureServer.js') : join(packageRoot, 'dist', 'harness', 'acp', 'turn', 'mcpFixtureServer.js');
}

/** One fixture: its control socket, what it reported, and the entry that starts it. */
export class McpFixture {
  /** The fixture's start reports (one per process the agent started with this entry). */
  readonly starts: FixtureStart[] = [];
  /** Messages the fixture read, in its order. */
  readonly messages: FixtureMessage[] = [];
  /** The entry to pass in `session/new`'s `mcpServers`. */
  readonly entry: FixtureServerEntry;
  readonly argumentNonce: string;
  readonly environmentNonce: string;
  readonly #server: Server;
  readonly #sockets = new Set<Socket>();
  readonly #waiters = new Set<() => void>();
  #gate: FixtureRequestGate = () => {};

  private constructor(server: Server, socketPath: string, script: string) {
    this.#server = server;
    this.argumentNonce = `arg-${randomBytes(6).toString('hex')}`;
    this.environmentNonce = `env-${randomBytes(6).toString('hex')}`;
    this.entry = {
      name: 'aq-fixture',
      command: process.execPath,
      args: [script, socketPath, this.argumentNonce],
      env: [{ name: FIXTURE_NONCE_VARIABLE, value: this.environmentNonce }],
    };
    server.on('connection', (socket) => this.#accept(socket));
  }

  /**
   * Listens on a control socket in `dir` (a fresh directory of the suite's own).
   * @param dir - where the socket lives
   * @returns the fixture, or why it cannot run (no compiled script)
   */
  static async open(dir: string): Promise<McpFixture | string> {
    const script = fixtureScriptPath();
    if (!existsSync(script)) return `the MCP fixture script ${script} is missing (run npm run build)`;
    const socketPath = join(dir, 'mcp.sock');
    const server = createServer();
    await new Promise<void>((resolveListen, rejectListen) => {
      server.once('error', rejectListen);
      server.listen(socketPath, () => resolveListen());
    });
    return new McpFixture(server, socketPath, script);
  }

  /**
   * Sets when reported requests are answered (default: at once).
   * @param gate - called for each request; the fixture answers once it settles
   */
  gateRequests(gate: FixtureRequestGate): void {
    this.#gate = gate;
  }

  /** The first message of `method`, or undefined. */
  first(method: string): FixtureMessage | undefined {
    return this.messages.find((message) => message.method === method);
  }

  /**
   * Waits until `condition` holds, a report at a time; false when `ms` pass without it.
   * @param condition - checked after every report
   * @param ms - the wait's bound
   */
  async waitUntil(condition: () => boolean, ms: number): Promise<boolean> {
    if (condition()) return true;
    return new Promise((resolveWait) => {
      const check = (): void => {
        if (condition()) finish(true);
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

  /** Stops listening; a fixture still running then answers without reporting. */
  close(): void {
    for (const socket of this.#sockets) socket.destroy();
    this.#server.close();
  }

  #accept(socket: Socket): void {
    this.#sockets.add(socket);
    socket.on('error', () => {});
    socket.once('close', () => this.#sockets.delete(socket));
    createInterface({ input: socket }).on('line', (line) => this.#onReport(socket, line));
  }

  #onReport(socket: Socket, line: string): void {
    let report: Record<string, unknown>;
    try {
      report = JSON.parse(line) as Record<string, unknown>;
    } catch {
      return;
    }
    if (report['event'] === 'start') {
      const argv = Array.isArray(report['argv']) ? report['argv'].map(String) : [];
      const environmentNonce = typeof report['environmentNonce'] === 'string' ? report['environmentNonce'] : null;
      this.starts.push({ pid: Number(report['pid']), argv, environmentNonce });
    } else if (report['event'] === 'message' && typeof report['seq'] === 'number') {
      const message: FixtureMessage = { seq: report['seq'], method: typeof report['method'] === 'string' ? report['method'] : null, request: report['request'] === true };
      this.messages.push(message);
      if (message.request) {
        const acknowledge = (): void => void socket.write(`${JSON.stringify({ ack: message.seq })}\n`);
        void Promise.resolve(this.#gate(message)).then(acknowledge, acknowledge);
      }
    }
    for (const waiter of [...this.#waiters]) waiter();
  }
}
