import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, connect, type Socket } from 'node:net';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { runTag } from '../transport/containment/environment.js';
import { ensureLauncher, launchCommand, type LaunchCommand } from '../transport/containment/launcher.js';
import { currentSandboxPlan, sandboxedArgv, type SandboxPlan } from '../transport/sandbox/sandboxPlan.js';
import { descendantsOf, launcherProcesses, readProcessTable, type ProcessEntry } from '../transport/containment/sweep.js';
import { killEach, killProcessGroup, killUntilGone } from '../transport/process.js';

// One ACP agent process: spawned exactly as [executable, ...argv] under the first profile's
// per-call launcher (a keeper that every descendant stays under), with stdio as raw bytes; in a
// run's sandbox, the launcher is the init's child of a sandbox of the agent's own.

/** How much of stderr's end is kept for a child death's evidence. */
export const STDERR_TAIL_BYTES = 4096;

/** How an agent process ended. */
export interface AgentExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** Milliseconds since spawn. */
  readonly afterMs: number;
}

/** What to start. */
export interface AgentSpawnRequest {
  readonly executable: string;
  readonly argv: readonly string[];
  /** The complete environment (HOME and TERM included): nothing else is passed. */
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
  /**
   * The agent's own directory (its HOME, working directory and session roots lie inside): in a sandbox, the one
   * place it may write besides a private /tmp, so no agent of a run reaches another's files.
   */
  readonly root: string;
  /** Names this process on the launcher's command line (for accounting). */
  readonly callId: string;
}

/** How the agent was started: in a sandbox of its own or not, with the launcher's status channel or not. */
interface AgentStart {
  readonly sandboxed: boolean;
  readonly statusChannel: boolean;
}

/** The launcher's status channel: the fd it writes the agent's status on, named in its environment (launch.h). */
const STATUS_FD = 3;
const LAUNCH_STATUS_FD_VARIABLE = 'AQ_LAUNCH_STATUS_FD';
/** How long a told end waits for the agent's stdout to close, when a process the agent left behind may hold it open. */
const STDOUT_DRAIN_MS = 1_000;

/**
 * The agent's end as the launcher tells it on its status channel ("exit N" or "signal N", one line), or
 * null while the line is incomplete or unreadable.
 * @internal
 */
export function parseLaunchStatus(told: string): { readonly code: number | null; readonly signal: NodeJS.Signals | null } | null {
  const line = /^(exit|signal) ([0-9]{1,3})\n/.exec(told);
  if (line === null) return null;
  const value = Number(line[2]);
  if (line[1] === 'exit') return { code: value, signal: null };
  const name = Object.entries(constants.signals).find(([, number]) => number === value)?.[0];
  return name === undefined ? null : { code: null, signal: name as NodeJS.Signals };
}

/** Receivers of the agent's output. */
export interface AgentOutputHandlers {
  readonly onStdout: (chunk: Buffer) => void;
  readonly onStdoutEnd: () => void;
  readonly onExit: (exit: AgentExit) => void;
}

/** The agent could not be spawned at all (a missing executable, a refused exec). */
export class AgentSpawnError extends Error {
  override readonly name = 'AgentSpawnError' as const;
}

/**
 * A running agent: its stdin, its stderr's tail, its exit, and every process it started
 * (the keeper's subtree), so that none survives the suite.
 */
export class AcpAgentProcess {
  readonly #child: ChildProcess;
  /** The suite's end of the agent's stdin: a socket, so that it stays open when the agent exits (a child it left behind still reads from it). */
  readonly #stdin: Socket;
  readonly #callId: string;
  /** The run tag on this process's launcher command line (another run's launchers never match). */
  readonly #tag: string;
  readonly #startedAt: number;
  #stderrTail: Buffer = Buffer.alloc(0);
  #stderrBytes = 0;
  #stderrInvalidAt: number | null = null;
  readonly #stderrDecoder = new TextDecoder('utf-8', { fatal: true });
  #exit: AgentExit | null = null;
  readonly #exited: Promise<AgentExit>;
  #stdinError: string | null = null;
  /**
   * Whether the agent runs in a sandbox of its own, whose PID namespace ends when the agent exits and
   * takes every process the agent started with it: what it would leave behind on a host cannot be seen.
   * False when the launcher keeps the sandbox open until those processes are gone (its status channel).
   */
  readonly leftoversDieWithIt: boolean;

  private constructor(child: ChildProcess, stdin: Socket, callId: string, handlers: AgentOutputHandlers, start: AgentStart) {
    this.leftoversDieWithIt = start.sandboxed && !start.statusChannel;
    this.#child = child;
    this.#stdin = stdin;
    this.#callId = callId;
    this.#tag = runTag();
    this.#startedAt = Date.now();
    child.stdout!.on('data', (chunk: Buffer) => handlers.onStdout(chunk));
    child.stdout!.on('end', () => handlers.onStdoutEnd());
    child.stdout!.on('error', () => handlers.onStdoutEnd());
    child.stderr!.on('data', (chunk: Buffer) => this.#onStderr(chunk));
    stdin.on('error', (error: NodeJS.ErrnoException) => {
      this.#stdinError ??= error.code ?? error.message;
    });
    this.#exited = new Promise((resolve) => {
      const settle = (code: number | null, signal: NodeJS.Signals | null): void => {
        if (this.#exit !== null) return;
        this.#exit = { code, signal, afterMs: Date.now() - this.#startedAt };
        handlers.onExit(this.#exit);
        resolve(this.#exit);
      };
      // With a status channel, the launcher says how the agent ended as soon as it does, and itself
      // exits only once everything the agent started is gone.
      if (start.statusChannel) {
        let told = '';
        let stdoutEnded = false;
        child.stdout!.once('close', () => (stdoutEnded = true));
        const status = child.stdio[STATUS_FD] as Readable;
        status.on('data', (chunk: Buffer) => {
          told += chunk.toString('latin1');
          const ended = parseLaunchStatus(told);
          if (ended === null) return;
          // The agent's last bytes are read before its end is told (a last message without its newline is
          // evidence): its stdout closed before the launcher learnt its status, unless a process it left
          // behind holds stdout open, which the bound covers.
          if (stdoutEnded) settle(ended.code, ended.signal);
          else {
            // After the bound, one more turn of the event loop: a loop that stalled past it reads what is pending first.
            const bound = setTimeout(() => setImmediate(() => settle(ended.code, ended.signal)), STDOUT_DRAIN_MS);
            child.stdout!.once('close', () => {
              clearTimeout(bound);
              settle(ended.code, ended.signal);
            });
          }
        });
        status.on('error', () => undefined);
      }
      child.once('exit', (code, signal) => settle(code, signal));
    });
  }

  /**
   * Spawns the agent (no shell) in its own process group under the launcher.
   * @param request - what to start
   * @param handlers - receive stdout and the exit
   * @throws AgentSpawnError when nothing could be started
   */
  static async start(request: AgentSpawnRequest, handlers: AgentOutputHandlers): Promise<AcpAgentProcess> {
    const plan = currentSandboxPlan();
    const launch = launchCommand([request.executable, ...request.argv], request.callId);
    // In a sandbox of its own, the agent's exit would end the sandbox at once: the launcher tells the
    // agent's status on a channel of its own and keeps the sandbox until its leftovers are gone.
    const statusChannel = plan !== null && launch.viaLauncher && ensureLauncher().mode === 'subreaper-launcher';
    const [file, ...args] = sandboxed(plan, launch, request);
    const { agentEnd, suiteEnd } = await socketPair();
    const env = statusChannel ? { ...request.env, [LAUNCH_STATUS_FD_VARIABLE]: String(STATUS_FD) } : { ...request.env };
    const stdio: StdioOptions = statusChannel ? [agentEnd, 'pipe', 'pipe', 'pipe'] : [agentEnd, 'pipe', 'pipe'];
    const child = spawn(file, args, { cwd: request.cwd, env, stdio, detached: true, shell: false });
    try {
      await new Promise<void>((resolve, reject) => {
        child.once('spawn', () => resolve());
        child.once('error', (error) => reject(new AgentSpawnError(`${request.executable} could not be started: ${error.message}`, { cause: error })));
      });
    } catch (error) {
      suiteEnd.destroy();
      throw error;
    } finally {
      // The agent holds its own copy now: only the suite's end decides when its stdin ends.
      agentEnd.destroy();
    }
    return new AcpAgentProcess(child, suiteEnd, request.callId, handlers, { sandboxed: plan !== null, statusChannel });
  }

  /** The exit, once it happened. */
  get exit(): AgentExit | null {
    return this.#exit;
  }

  /** Resolves when the agent (the launcher mirroring it) exits. */
  get exited(): Promise<AgentExit> {
    return this.#exited;
  }

  /** Why writing to stdin failed (e.g. `EPIPE`), or null. */
  get stdinError(): string | null {
    return this.#stdinError;
  }

  /** The last {@link STDERR_TAIL_BYTES} bytes of stderr, as lenient UTF-8. */
  get stderrTail(): string {
    return this.#stderrTail.toString('utf8');
  }

  /** Bytes written to stderr so far. */
  get stderrBytes(): number {
    return this.#stderrBytes;
  }

  /** Byte offset of the first invalid UTF-8 on stderr, or null (ACP-LIFE-STDERR). */
  get stderrInvalidAt(): number | null {
    return this.#stderrInvalidAt;
  }

  /**
   * Writes bytes to the agent's stdin; resolves once they are handed to the pipe (or the pipe is gone).
   * @param bytes - raw bytes
   */
  write(bytes: Buffer | string): Promise<void> {
    const stdin = this.#stdin;
    if (stdin.destroyed || !stdin.writable) return Promise.resolve();
    return new Promise((resolve) => {
      stdin.write(bytes, () => resolve());
    });
  }

  /** Closes the agent's stdin (EOF). */
  closeStdin(): void {
    this.#stdin.end();
  }

  /**
   * Sends `signal` to the agent itself (not the launcher in front of it).
   * @returns whether an agent process was found and signalled
   */
  signal(signal: NodeJS.Signals): boolean {
    const table = readProcessTable();
    const agent = table === null ? null : this.#agentEntry(table);
    const pid = agent?.pid ?? this.#child.pid;
    if (pid === undefined) return false;
    try {
      process.kill(pid, signal);
      return true;
    } catch {
      return false;
    }
  }

  /** Processes the agent started (itself included) that are still running; null when they cannot be counted. */
  liveProcesses(): ProcessEntry[] | null {
    const table = readProcessTable();
    if (table === null) return null;
    const launchers = new Set(
      launcherProcesses(table)
        .filter((found) => found.callId === this.#callId && found.tag === this.#tag)
        .map(({ entry }) => entry.pid),
    );
    return descendantsOf(table, launchers).filter((entry) => !entry.dead && !launchers.has(entry.pid));
  }

  /** Kills the agent and everything it started (SIGKILL), then its launcher processes; returns how many agent processes died. */
  kill(): number {
    if (this.#child.pid !== undefined && this.#exit === null) killProcessGroup(this.#child.pid);
    const killed = killUntilGone(
      () => this.liveProcesses() ?? [],
      (entry) => entry.pid,
    );
    const table = readProcessTable() ?? [];
    killEach(
      launcherProcesses(table)
        .filter((found) => found.callId === this.#callId && found.tag === this.#tag && !found.entry.dead)
        .map(({ entry }) => entry.pid),
    );
    this.#stdin.destroy();
    this.#child.stdout?.destroy();
    this.#child.stderr?.destroy();
    return killed.length;
  }

  #agentEntry(table: readonly ProcessEntry[]): ProcessEntry | null {
    const launchers = new Set(
      launcherProcesses(table)
        .filter((found) => found.callId === this.#callId && found.tag === this.#tag)
        .map(({ entry }) => entry.pid),
    );
    return table.find((entry) => launchers.has(entry.ppid) && !launchers.has(entry.pid) && !entry.dead) ?? null;
  }

  #onStderr(chunk: Buffer): void {
    if (this.#stderrInvalidAt === null) {
      try {
        this.#stderrDecoder.decode(chunk, { stream: true });
      } catch {
        this.#stderrInvalidAt = this.#stderrBytes;
      }
    }
    this.#stderrBytes += chunk.length;
    const joined = chunk.length >= STDERR_TAIL_BYTES ? chunk.subarray(chunk.length - STDERR_TAIL_BYTES) : Buffer.concat([this.#stderrTail, chunk]);
    this.#stderrTail = Buffer.from(joined.subarray(Math.max(0, joined.length - STDERR_TAIL_BYTES)));
  }
}

/**
 * The argv that starts `launch`: as it is, or, when the run has a sandbox, as the init of a new
 * one (its launcher bound in read-only, `cwd` the directory it starts in).
 */
function sandboxed(plan: SandboxPlan | null, launch: LaunchCommand, request: Pick<AgentSpawnRequest, 'cwd' | 'root'>): [string, ...string[]] {
  const argv: [string, ...string[]] = [launch.file, ...launch.args];
  if (plan === null) return argv;
  const launcher = ensureLauncher();
  return sandboxedArgv(plan, argv, { expose: launch.viaLauncher && launcher.mode === 'subreaper-launcher' ? [launcher.path] : [], writable: [request.root], chdir: request.cwd });
}

/**
 * A connected pair of UNIX sockets: one end becomes the agent's stdin, the suite writes to the other.
 * Unlike a pipe Node.js owns, it is not closed when the agent's process exits.
 */
async function socketPair(): Promise<{ readonly agentEnd: Socket; readonly suiteEnd: Socket }> {
  const path = join(tmpdir(), `aq-stdin-${process.pid}-${randomBytes(6).toString('hex')}.sock`);
  const server = createServer({ pauseOnConnect: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  try {
    const accepted = new Promise<Socket>((resolve) => server.once('connection', resolve));
    const suiteEnd = connect(path);
    await new Promise<void>((resolve, reject) => {
      suiteEnd.once('connect', () => resolve());
      suiteEnd.once('error', reject);
    });
    const agentEnd = await accepted;
    return { agentEnd, suiteEnd };
  } finally {
    server.close();
    await rm(path, { force: true });
  }
}

/**
 * A fresh temporary directory (an agent's HOME or cwd, a session's root).
 * @param parent - where to make it
 * @param prefix - its name's start
 */
export function freshDirectory(parent: string, prefix: string): Promise<string> {
  return mkdtemp(join(parent, `${prefix}-`));
}
