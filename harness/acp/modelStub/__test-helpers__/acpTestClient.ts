// A minimal ACP client for the stub's own tests: newline-delimited JSON-RPC over a child's stdio.
// It drives a real agent through the model stub and keeps what it saw; it judges nothing (the
// suite's client harness does that from raw bytes).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

/** A request the agent sent to the client, and what the client answered. */
export interface AgentRequest {
  readonly method: string;
  readonly params: Record<string, unknown>;
}

/** The test client's scripted answers to the agent's requests. */
export interface ClientScript {
  /** Files the client serves to `fs/read_text_file`, by absolute path. */
  readonly files: ReadonlyMap<string, string>;
}

/** A running agent with the client attached. */
export interface AcpTestClient {
  /** Sends a request and resolves with its result (rejects with the JSON-RPC error). */
  call(method: string, params: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Sends a notification. */
  notify(method: string, params: Record<string, unknown>): void;
  /** Every `session/update` so far. */
  readonly updates: Record<string, unknown>[];
  /** Every request the agent sent. */
  readonly agentRequests: AgentRequest[];
  /** Lines of stdout that were not JSON. */
  readonly strayLines: string[];
  stderrTail(): string;
  /** Kills the agent (its process group) and waits for it to exit. */
  close(): Promise<void>;
}

/**
 * Starts `command` with `args` in a new process group and attaches the client.
 * @param command - the executable
 * @param args - its arguments
 * @param options - environment, working directory and the client's scripted answers
 */
export function startAcpTestClient(command: string, args: readonly string[], options: { env: Record<string, string>; cwd: string; script: ClientScript }): AcpTestClient {
  const child: ChildProcessWithoutNullStreams = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  const pending = new Map<number, { resolve: (value: Record<string, unknown>) => void; reject: (error: Error) => void }>();
  const updates: Record<string, unknown>[] = [];
  const agentRequests: AgentRequest[] = [];
  const strayLines: string[] = [];
  let stderr = '';
  let buffer = '';
  let nextId = 1;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const send = (message: Record<string, unknown>): void => {
    if (child.stdin.writable) child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  };
  child.stderr.on('data', (data: Buffer) => {
    stderr = (stderr + data.toString('utf8')).slice(-8192);
  });
  child.stdout.on('data', (data: Buffer) => {
    buffer += data.toString('utf8');
    for (let end = buffer.indexOf('\n'); end !== -1; end = buffer.indexOf('\n')) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      let message: Record<string, unknown>;
      try {
        message = JSON.parse(line) as Record<string, unknown>;
      } catch {
        strayLines.push(line);
        continue;
      }
      if (typeof message['method'] === 'string') {
        const params = (message['params'] ?? {}) as Record<string, unknown>;
        if (message['method'] === 'session/update') updates.push((params['update'] ?? {}) as Record<string, unknown>);
        else agentRequests.push({ method: message['method'], params });
        if (message['id'] !== undefined) send({ id: message['id'], ...answer(message['method'], params, options.script) });
      } else {
        const waiter = pending.get(message['id'] as number);
        pending.delete(message['id'] as number);
        if (message['error'] !== undefined) waiter?.reject(new Error(`JSON-RPC error ${JSON.stringify(message['error'])}`));
        else waiter?.resolve((message['result'] ?? {}) as Record<string, unknown>);
      }
    }
  });
  return {
    call: (method, params) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        send({ id, method, params });
      }),
    notify: (method, params) => send({ method, params }),
    updates,
    agentRequests,
    strayLines,
    stderrTail: () => stderr,
    close: async () => {
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      await exited;
    },
  };
}

/** The client's answer to one agent request: fs from memory, terminals simulated, permission allowed once. */
function answer(method: string, params: Record<string, unknown>, script: ClientScript): Record<string, unknown> {
  switch (method) {
    case 'session/request_permission': {
      const options = (params['options'] ?? []) as { optionId: string; kind: string }[];
      const allowOnce = options.find((option) => option.kind === 'allow_once');
      return { result: { outcome: allowOnce === undefined ? { outcome: 'cancelled' } : { outcome: 'selected', optionId: allowOnce.optionId } } };
    }
    case 'fs/read_text_file': {
      const content = script.files.get(String(params['path']));
      // The SDK's resource-not-found error, message included: gemini-cli tells a missing file by this text.
      return content === undefined ? { error: { code: -32002, message: 'Resource not found', data: { uri: String(params['path']) } } } : { result: { content } };
    }
    case 'fs/write_text_file':
      return { result: {} };
    case 'terminal/create':
      return { result: { terminalId: 'term-1' } };
    case 'terminal/output':
      return { result: { output: 'simulated output\n', truncated: false, exitStatus: { exitCode: 0 } } };
    case 'terminal/wait_for_exit':
      return { result: { exitCode: 0 } };
    case 'terminal/release':
    case 'terminal/kill':
      return { result: {} };
    default:
      return { error: { code: -32601, message: `method not found: ${method}` } };
  }
}
