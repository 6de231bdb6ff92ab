/* eslint-disable @typescript-eslint/no-explicit-any -- frames are arbitrary JSON the tests pick apart */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// A raw JSON-RPC client for the built reference agent (and its mutants) over real stdio: it keeps
// every byte of stdout, answers the agent's requests from a table (or holds them), and lets a
// test send exact bytes. Tests judge from the kept bytes, as the suite does.

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
/** The built agent's entry point. */
export const agentMain = join(packageRoot, 'dist', 'adapters', 'acp-reference', 'main.js');
/** The mutants' entry: `--mutant NAME` picks one. */
export const mutantMain = join(packageRoot, 'dist', 'adapters', 'acp-mutants', 'main.js');
/** The test MCP server. */
export const mcpFixture = join(packageRoot, 'adapters', 'acp-reference', '__test-helpers__', 'mcpFixture.mjs');

/** One JSON-RPC message as the agent wrote it. */
export type Frame = { jsonrpc?: unknown; id?: unknown; method?: string; params?: any; result?: any; error?: any };

/** How the test client answers one agent→client request: a result, an error, or held until released. */
export type ClientAnswer = { result: unknown } | { error: { code: number; message: string } } | 'hold';

/** Client-side defaults: permission allowed, fs served, terminals simulated. */
export const defaultAnswers: Record<string, (params: any) => ClientAnswer> = {
  'session/request_permission': () => ({ result: { outcome: { outcome: 'selected', optionId: 'allow-once' } } }),
  'fs/read_text_file': () => ({ result: { content: 'hello notes\n' } }),
  'fs/write_text_file': () => ({ result: {} }),
  'terminal/create': () => ({ result: { terminalId: 'term-1' } }),
  'terminal/wait_for_exit': () => ({ result: { exitCode: 0 } }),
  'terminal/output': () => ({ result: { output: 'hello\n', truncated: false, exitStatus: { exitCode: 0 } } }),
  'terminal/release': () => ({ result: {} }),
  'terminal/kill': () => ({ result: {} }),
};

/** A held agent→client request. */
export interface HeldRequest {
  readonly frame: Frame;
  answer(answer: Exclude<ClientAnswer, 'hold'>): void;
}

/** A running agent process and its raw client. */
export interface AgentProcess {
  readonly child: ChildProcess;
  /** Every stdout line, as text, in order. */
  readonly lines: string[];
  /** Every stdout line parsed (a line that is not JSON is kept as `{ unparsed: line }`). */
  readonly frames: Frame[];
  /** Every request the agent sent to the client, in order. */
  readonly clientRequests: Frame[];
  readonly held: HeldRequest[];
  stdout(): Buffer;
  stderr(): string;
  stderrBytes(): Buffer;
  sendRaw(bytes: string | Uint8Array): void;
  send(message: object): void;
  request(method: string, params: unknown, id?: string | number): Promise<Frame>;
  notify(method: string, params: unknown): void;
  /** Resolves with the first frame (from `from` on) that matches. */
  waitFor(match: (frame: Frame) => boolean, from?: number): Promise<Frame>;
  /** Resolves when a request of `method` has been held. */
  waitForHeld(method: string): Promise<HeldRequest>;
  /** initialize + session/new; returns the session id. */
  start(options?: { clientCapabilities?: object; cwd?: string; mcpServers?: object[] }): Promise<string>;
  closeStdin(): void;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/** Options of a spawned agent. */
export interface SpawnOptions {
  readonly mutant?: string;
  readonly stateDir?: string;
  readonly home?: string;
  readonly answers?: Record<string, (params: any) => ClientAnswer>;
}

let nextId = 1000;

/** A fresh temporary directory. */
export function freshDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `acp-ref-${prefix}-`));
}

/**
 * Spawns the built agent with a raw client attached.
 * @param options - mutant, state dir, home, and the client's answers
 */
export function spawnAgent(options: SpawnOptions = {}): AgentProcess {
  const args = [
    options.mutant === undefined ? agentMain : mutantMain,
    ...(options.stateDir === undefined ? [] : ['--state-dir', options.stateDir]),
    ...(options.mutant === undefined ? [] : ['--mutant', options.mutant]),
  ];
  const home = options.home ?? freshDir('home');
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'], cwd: freshDir('spawn'), env: { PATH: process.env['PATH'] ?? '', HOME: home, TERM: 'dumb' } });
  const answers = { ...defaultAnswers, ...options.answers };
  const chunks: Buffer[] = [];
  const errChunks: Buffer[] = [];
  const lines: string[] = [];
  const frames: Frame[] = [];
  const clientRequests: Frame[] = [];
  const held: HeldRequest[] = [];
  const watchers = new Set<() => void>();
  let partial = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  child.stdin!.on('error', () => {});
  const write = (text: string | Uint8Array) => {
    if (!child.stdin!.destroyed) child.stdin!.write(text);
  };
  const answer = (frame: Frame, reply: Exclude<ClientAnswer, 'hold'>) => write(`${JSON.stringify({ jsonrpc: '2.0', id: frame.id, ...reply })}\n`);
  child.stderr!.on('data', (chunk: Buffer) => errChunks.push(chunk));
  child.stdout!.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    partial += chunk.toString('utf8');
    const parts = partial.split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      let frame: Frame;
      try {
        frame = JSON.parse(line) as Frame;
      } catch {
        frame = { params: { unparsed: line } };
      }
      frames.push(frame);
      if (typeof frame.method === 'string' && frame.id !== undefined) {
        clientRequests.push(frame);
        const reply = (answers[frame.method] ?? (() => ({ error: { code: -32601, message: 'Method not found' } })))(frame.params);
        if (reply === 'hold') held.push({ frame, answer: (given) => answer(frame, given) });
        else answer(frame, reply);
      }
    }
    for (const watcher of [...watchers]) watcher();
  });

  const waitFor = (match: (frame: Frame) => boolean, from = 0) =>
    new Promise<Frame>((resolve, reject) => {
      const check = () => {
        const found = frames.slice(from).find(match);
        if (found !== undefined) {
          watchers.delete(check);
          resolve(found);
        }
      };
      watchers.add(check);
      void exited.then(() => {
        check();
        if (watchers.has(check)) {
          watchers.delete(check);
          reject(new Error(`agent exited before the frame came; stderr: ${Buffer.concat(errChunks).toString('utf8').slice(-2000)}`));
        }
      });
      check();
    });

  const request = (method: string, params: unknown, id: string | number = nextId++) => {
    const from = frames.length;
    write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    return waitFor((frame) => frame.method === undefined && frame.id === id && ('result' in frame || 'error' in frame), from);
  };

  const agentProcess: AgentProcess = {
    child,
    lines,
    frames,
    clientRequests,
    held,
    stdout: () => Buffer.concat(chunks),
    stderr: () => Buffer.concat(errChunks).toString('utf8'),
    stderrBytes: () => Buffer.concat(errChunks),
    sendRaw: write,
    send: (message) => write(`${JSON.stringify(message)}\n`),
    request,
    notify: (method, params) => write(`${JSON.stringify({ jsonrpc: '2.0', method, params })}\n`),
    waitFor,
    waitForHeld: async (method) => {
      await waitFor((frame) => frame.method === method && frame.id !== undefined);
      const found = held.find((entry) => entry.frame.method === method);
      if (found === undefined) throw new Error(`${method} was answered, not held`);
      return found;
    },
    start: async (start = {}) => {
      const init = await request('initialize', { protocolVersion: 1, clientCapabilities: start.clientCapabilities ?? { fs: { readTextFile: true, writeTextFile: true }, terminal: true } });
      if (init.error !== undefined) throw new Error(`initialize failed: ${JSON.stringify(init.error)}`);
      const created = await request('session/new', { cwd: start.cwd ?? freshDir('cwd'), mcpServers: start.mcpServers ?? [] });
      if (created.error !== undefined) throw new Error(`session/new failed: ${JSON.stringify(created.error)}`);
      return created.result.sessionId as string;
    },
    closeStdin: () => child.stdin!.end(),
    exited,
  };
  return agentProcess;
}

/** A prompt of one text block. */
export function textPrompt(sessionId: string, text: string): { sessionId: string; prompt: { type: 'text'; text: string }[] } {
  return { sessionId, prompt: [{ type: 'text', text }] };
}

/** Ends the agent (stdin closed, then SIGKILL if it lingers) and waits for its exit. */
export async function stopAgent(agentProcess: AgentProcess): Promise<void> {
  agentProcess.closeStdin();
  const timer = setTimeout(() => agentProcess.child.kill('SIGKILL'), 5_000);
  await agentProcess.exited;
  clearTimeout(timer);
}

/** Whether every stdout line is one JSON-RPC 2.0 message. */
export function stdoutIsPure(agentProcess: AgentProcess): boolean {
  const text = agentProcess.stdout().toString('utf8');
  if (text.length > 0 && !text.endsWith('\n')) return false;
  return agentProcess.lines.every((line) => {
    try {
      const message = JSON.parse(line) as Frame;
      return message !== null && typeof message === 'object' && message.jsonrpc === '2.0';
    } catch {
      return false;
    }
  });
}

/** The `session/update` frames of a session, in order. */
export function updatesOf(agentProcess: AgentProcess, sessionId: string): Frame[] {
  return agentProcess.frames.filter((frame) => frame.method === 'session/update' && frame.params?.sessionId === sessionId);
}

/** Resolves after `ms` milliseconds. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Whether the agent process exits before `promise` settles. */
export async function exitsBefore(agentProcess: AgentProcess, promise: Promise<unknown>): Promise<boolean> {
  return Promise.race([
    agentProcess.exited.then(() => true),
    promise.then(
      () => false,
      () => true,
    ),
  ]);
}
