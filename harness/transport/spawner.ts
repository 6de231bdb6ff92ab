import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import type { Socket } from 'node:net';
import { constants } from 'node:os';
import { Readable } from 'node:stream';
import { compileHelper } from './containment/compileHelper.js';
import { signalProcessGroup } from './process.js';
import { ensureLauncher } from './containment/launcher.js';
import { currentSandboxPlan, sandboxedArgv, type SandboxPlan } from './sandbox/sandboxPlan.js';
import { nativeSources } from './containment/nativeSources.js';
import { describeError } from '../UsageError.js';

/**
 * Where a call's process is forked. Forking copies the forking process's page tables and
 * marks its memory copy-on-write, so the cost grows with that process's memory: from the
 * run's own process (vitest, vite and two worker isolates, about 115 MB of anonymous
 * memory) each spawn blocked the calling thread about 5 ms, against about 1 ms from a bare
 * Node.js process (the README's speed section has the measurements). So on Linux with a C
 * compiler, each thread that calls has a spawner (`native/aq-spawn.c`, about 1 MB), started on
 * its first call and ended with the thread: it forks each process with three pipes, writes
 * the request to its stdin and closes it, and relays its stdout and stderr, chunk by chunk,
 * as it reads them; caps, deadline and kills stay the suite's. (The pipes cannot simply be
 * handed over: Node.js takes no descriptor from another program, and in a worker thread a
 * descriptor opened by path is the worker's to close when it exits, whoever holds that number
 * then.) Elsewhere the suite spawns directly.
 */

/** What to start: the file, its arguments, its working directory and exact environment, and its stdin. */
export interface SpawnRequest {
  readonly file: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  /** Written to stdin, which is then closed. */
  readonly input: Buffer;
  /**
   * `file` is the per-call launcher (`launchCommand`): a spawner runs the launcher's code in the
   * process it forks instead of executing it. @defaultValue false
   */
  readonly viaLauncher?: boolean;
}

/** How a started process ended, as its parent saw it. */
export interface SpawnedExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** Why the status is unknown (the spawner was gone before the process exited), or null. */
  readonly lost: string | null;
}

/** A started process: a new session (its group's leader). */
export interface StartedProcess {
  readonly kind: 'started';
  readonly pid: number;
  /** What it writes to stdout and stderr, as it writes it; each closes at its end. */
  readonly stdout: Readable;
  readonly stderr: Readable;
  /** Settles once it exited. */
  readonly exited: Promise<SpawnedExit>;
  /** Called with the first failure writing its stdin other than it not reading (EPIPE). */
  onStdinFailure(listener: (detail: string) => void): void;
  /** SIGKILLs the process itself, unless it was reaped already (its group is the caller's to kill). */
  kill(): void;
  /**
   * Sends `signal` to the process group it leads, until `release`: through the spawner, which sees
   * the process under its own pid namespace's pid (`pid` above is that pid, not the suite's, in a sandbox).
   * @returns whether the signal was sent (false once the group is known to be gone).
   */
  signalGroup(signal: NodeJS.Signals): boolean;
  /** Ends the call: nothing more is written to its stdin or read from its output. */
  release(): void;
}

/** A process that could not be started, with the spawn error's message. */
export interface SpawnFailure {
  readonly kind: 'spawn-error';
  readonly message: string;
}

/**
 * Starts `request` in a new session with piped stdio: through this thread's spawner where
 * there is one, else directly.
 * @returns the started process, or why none started. Never rejects.
 * @public
 */
export function startProcess(request: SpawnRequest): Promise<StartedProcess | SpawnFailure> {
  const spawner = Spawner.forThisThread();
  return spawner === null ? spawnDirectly(request) : spawner.start(request);
}

/**
 * Ends this thread's spawner, if it has one, and with it its sandbox: every process it started
 * that is still alive in that sandbox's pid namespace. The next call starts a new one.
 * @public
 */
export function endThisThreadSpawner(): void {
  Spawner.endCurrent();
}

/**
 * This thread's running spawner, as the search for processes that escaped their keeper needs it
 * (`escapedFromKeepers`), or null when none runs.
 * @public
 */
export function thisThreadSpawner(): { readonly startedPid: number; readonly path: string; readonly livePids: ReadonlySet<number> } | null {
  return Spawner.thisThread();
}

/**
 * Spawns from this process, as `startProcess` does where no spawner can be built.
 * @internal
 */
export async function spawnDirectly(request: SpawnRequest): Promise<StartedProcess | SpawnFailure> {
  let child: ChildProcess;
  try {
    child = spawn(request.file, request.args, { cwd: request.cwd, env: request.env, detached: true, stdio: 'pipe', windowsHide: true });
  } catch (error) {
    return { kind: 'spawn-error', message: describeError(error) };
  }
  const { pid, stdin, stdout, stderr } = child;
  if (pid === undefined || stdin === null || stdout === null || stderr === null) {
    // The spawn failed: its error follows on the next tick.
    const [error] = (await once(child, 'error')) as [Error];
    return { kind: 'spawn-error', message: error.message };
  }
  const exited = new Promise<SpawnedExit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, lost: null })));
  let stdinFailure: (detail: string) => void = () => undefined;
  stdin.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') stdinFailure(error.message);
  });
  stdin.end(request.input);
  return {
    kind: 'started',
    pid,
    stdout,
    stderr,
    exited,
    onStdinFailure: (listener) => {
      stdinFailure = listener;
    },
    kill: () => child.kill('SIGKILL'),
    signalGroup: (signal) => signalProcessGroup(pid, signal),
    release: () => {
      for (const stream of [stdin, stdout, stderr]) stream.destroy();
    },
  };
}

/** Bytes of command line a launcher process run by a spawner can show (its path, the run tag, the call id, the adapter's argv); a longer one is executed. */
const LAUNCHER_TITLE_ROOM = 4_096;

const SIGNAL_NAMES = new Map(Object.entries(constants.signals).map(([name, number]) => [number, name as NodeJS.Signals]));
const ERRNO_NAMES = new Map(Object.entries(constants.errno).map(([name, number]) => [number, name]));
const errnoName = (errno: number): string => ERRNO_NAMES.get(errno) ?? `errno ${String(errno)}`;

/** One call's state, from its request to its release. */
interface SpawnedCall {
  readonly file: string;
  readonly resolveStart: (result: StartedProcess | SpawnFailure) => void;
  readonly resolveExit: (exit: SpawnedExit) => void;
  readonly exited: Promise<SpawnedExit>;
  readonly stdout: Readable;
  readonly stderr: Readable;
  stdinFailure: (detail: string) => void;
  /** Whether its streams were handed out (only then may they fail: someone listens). */
  started: boolean;
}

/** An answer's header: `TYPE ID VALUE`, then, for O and R, VALUE bytes of output. */
interface AnswerHeader {
  readonly type: string;
  readonly id: number;
  readonly value: number;
}

class Spawner {
  // undefined: not tried yet in this thread; null: none can be built here.
  static #current: Spawner | null | undefined;

  /** This thread's spawner (a new one once the last is gone), or null where none can be built. */
  static forThisThread(): Spawner | null {
    const current = Spawner.#current;
    const sandbox = currentSandboxPlan();
    const sandboxKey = JSON.stringify(sandbox);
    // A spawner of another run's sandbox (or of none) is ended: each run's calls run in its own.
    if (current != null && current.#lost === null && current.#sandboxKey !== sandboxKey) current.#lose('the run ended');
    if (current === undefined || (current !== null && current.#lost !== null)) {
      const compiled = process.platform === 'linux' ? compileHelper('aq-spawn', nativeSources('aq-spawn')) : { reason: `no signalfd on ${process.platform}` };
      Spawner.#current = 'path' in compiled ? new Spawner(compiled.path, sandbox) : null;
    }
    return Spawner.#current ?? null;
  }

  /**
   * This thread's running spawner as seen from the suite: the pid of the process the suite started
   * (the spawner itself, or the sandbox's entry in front of it), the spawner's program, and the pids
   * (in the spawner's pid namespace) of the calls' first processes still running. Null when none runs.
   */
  static thisThread(): { readonly startedPid: number; readonly path: string; readonly livePids: ReadonlySet<number> } | null {
    const current = Spawner.#current;
    if (current == null || current.#lost !== null) return null;
    const pid = current.#child.pid;
    if (pid === undefined) return null;
    return { startedPid: pid, path: current.#path, livePids: new Set(current.#livePids.values()) };
  }

  /** Ends this thread's spawner (see `endThisThreadSpawner`). */
  static endCurrent(): void {
    const current = Spawner.#current;
    if (current != null && current.#lost === null) current.#lose('the run ended');
  }

  readonly #sandboxKey: string;

  readonly #child: ChildProcess;
  readonly #calls = new Map<number, SpawnedCall>();
  /** The pid (in the spawner's pid namespace) of each call's first process, while the call runs. */
  readonly #livePids = new Map<number, number>();
  #nextId = 0;
  #lost: string | null = null;
  /** The start of an answer's header whose end has not arrived yet. */
  #partialHeader: Buffer = Buffer.alloc(0);
  /** The output frame being received, and how many of its bytes are still to come. */
  #output: (AnswerHeader & { remaining: number }) | null = null;

  readonly #path: string;

  private constructor(path: string, sandbox: SandboxPlan | null) {
    this.#sandboxKey = JSON.stringify(sandbox);
    this.#path = path;
    // Empty arguments: room for a launcher's command line (`native/aq-spawn.c`, request L).
    const argv: [string, ...string[]] = [path, ...new Array<string>(LAUNCHER_TITLE_ROOM).fill('')];
    // In a run's sandbox, the spawner is its PID 1: every process of the thread's calls runs in it and ends with it, and none
    // of them can stop or kill the spawner (the kernel drops such signals to a namespace's init).
    const launcher = ensureLauncher();
    const expose = [path, ...(launcher.mode === 'subreaper-launcher' ? [launcher.path] : [])];
    const [file, ...args] = sandbox === null ? argv : sandboxedArgv(sandbox, argv, { expose, asInit: true });
    this.#child = spawn(file, args, { stdio: ['pipe', 'pipe', 'ignore'], env: {} });
    this.#child.stdout?.on('data', (chunk: Buffer) => this.#receive(chunk));
    this.#child.stdin?.on('error', (error) => this.#lose(`the suite's spawner stopped reading: ${error.message}`));
    this.#child.on('error', (error) => this.#lose(`the suite's spawner failed: ${error.message}`));
    this.#child.on('exit', (code, signal) => this.#lose(`the suite's spawner exited (${signal ?? `code ${String(code)}`})`));
    this.#setReferenced(false);
  }

  start(request: SpawnRequest): Promise<StartedProcess | SpawnFailure> {
    if (this.#lost !== null) return Promise.resolve({ kind: 'spawn-error', message: this.#lost });
    const id = this.#nextId++;
    return new Promise((resolveStart) => {
      let resolveExit: (exit: SpawnedExit) => void = () => undefined;
      const exited = new Promise<SpawnedExit>((resolve) => {
        resolveExit = resolve;
      });
      const output = (): Readable => new Readable({ read: () => undefined });
      this.#calls.set(id, { file: request.file, resolveStart, resolveExit, exited, stdout: output(), stderr: output(), stdinFailure: () => undefined, started: false });
      this.#setReferenced(true);
      const env = Object.entries(request.env).map(([name, value]) => `${name}=${value}`);
      const fields = [
        request.viaLauncher === true ? 'L' : 'S',
        String(id),
        request.cwd,
        request.file,
        String(request.args.length + 1),
        request.file,
        ...request.args,
        String(env.length),
        ...env,
      ];
      this.#send(Buffer.from(fields.map((field) => `${field}\0`).join(''), 'utf8'), request.input);
    });
  }

  /**
   * Parses the spawner's answers as they arrive. Output is pushed as slices of the chunk it
   * came in, never copied here (the reader copies what it keeps), and an output frame split
   * across chunks is pushed in pieces.
   */
  #receive(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) {
      const output = this.#output;
      if (output !== null) {
        const end = Math.min(chunk.length, at + output.remaining);
        this.#answer(output, chunk.subarray(at, end));
        output.remaining -= end - at;
        if (output.remaining === 0) this.#output = null;
        at = end;
        continue;
      }
      const newline = chunk.indexOf(0x0a, at);
      if (newline === -1) {
        this.#partialHeader = Buffer.concat([this.#partialHeader, chunk.subarray(at)]);
        return;
      }
      const line = Buffer.concat([this.#partialHeader, chunk.subarray(at, newline)]).toString('latin1');
      this.#partialHeader = Buffer.alloc(0);
      at = newline + 1;
      const [type = '', id = '', value = ''] = line.split(' ');
      const header = { type, id: Number(id), value: Number(value) };
      if ((type === 'O' || type === 'R') && header.value > 0) this.#output = { ...header, remaining: header.value };
      else this.#answer(header, null);
    }
  }

  #answer({ type, id, value }: AnswerHeader, bytes: Buffer | null): void {
    const call = this.#calls.get(id);
    if (call === undefined) return;
    const streamOf = (kind: string): Readable => (kind.toLowerCase() === 'o' ? call.stdout : call.stderr);
    switch (type) {
      case 'P':
        call.started = true;
        call.resolveStart(this.#started(id, call, value));
        return;
      case 'E':
        this.#forget(id);
        call.resolveStart({ kind: 'spawn-error', message: `spawn ${call.file} ${errnoName(value)}` });
        return;
      case 'O':
      case 'R': {
        const stream = streamOf(type);
        if (!stream.destroyed && bytes !== null) stream.push(bytes);
        return;
      }
      case 'o':
      case 'r': {
        const stream = streamOf(type);
        if (stream.destroyed) return;
        if (value === 0) stream.push(null);
        else stream.destroy(new Error(`read failed: ${errnoName(value)}`));
        return;
      }
      case 'I':
        call.stdinFailure(`write failed: ${errnoName(value)}`);
        return;
      case 'X':
        call.resolveExit((value & 0x7f) === 0 ? { code: (value >> 8) & 0xff, signal: null, lost: null } : { code: null, signal: SIGNAL_NAMES.get(value & 0x7f) ?? null, lost: null });
        return;
    }
  }

  #started(id: number, call: SpawnedCall, pid: number): StartedProcess {
    this.#livePids.set(id, pid);
    void call.exited.then(() => this.#livePids.delete(id));
    return {
      kind: 'started',
      pid,
      stdout: call.stdout,
      stderr: call.stderr,
      exited: call.exited,
      onStdinFailure: (listener) => {
        call.stdinFailure = listener;
      },
      kill: () => {
        if (this.#calls.has(id)) this.#send(Buffer.from(`K\0${String(id)}\0`));
      },
      signalGroup: (signal) => {
        if (!this.#calls.has(id)) return false;
        this.#send(Buffer.from(`G\0${String(id)}\0${String(constants.signals[signal])}\0`));
        return true;
      },
      release: () => {
        if (!this.#calls.has(id)) return;
        // The spawner keeps the call (and can signal its group) until this D, and forgets it once it is reaped too.
        this.#send(Buffer.from(`D\0${String(id)}\0`));
        call.stdout.destroy();
        call.stderr.destroy();
        this.#forget(id);
      },
    };
  }

  /** Sends one frame: its length, then its parts, corked into one write so a megabyte request is never copied here. */
  #send(...parts: Buffer[]): void {
    const stdin = this.#child.stdin;
    if (this.#lost !== null || stdin === null) return;
    stdin.cork();
    stdin.write(`${String(parts.reduce((length, part) => length + part.length, 0))}\n`);
    for (const part of parts) stdin.write(part);
    stdin.uncork();
  }

  #forget(id: number): void {
    this.#calls.delete(id);
    // Only a call in progress keeps the thread's event loop alive for the spawner's answers.
    if (this.#calls.size === 0) this.#setReferenced(false);
  }

  /** The spawner is gone: no call waits for an answer it will not send. */
  #lose(reason: string): void {
    if (this.#lost !== null) return;
    this.#lost = reason;
    for (const [id, call] of this.#calls) {
      this.#calls.delete(id);
      call.resolveStart({ kind: 'spawn-error', message: reason });
      for (const stream of [call.stdout, call.stderr]) {
        if (call.started) stream.destroy(new Error(reason));
        else stream.destroy();
      }
      call.resolveExit({ code: null, signal: null, lost: reason });
    }
    this.#child.kill('SIGKILL');
  }

  #setReferenced(referenced: boolean): void {
    // The child's pipes are sockets, which can be unreferenced like the child itself.
    for (const handle of [this.#child, this.#child.stdin as Socket | null, this.#child.stdout as Socket | null]) {
      if (referenced) handle?.ref();
      else handle?.unref();
    }
  }
}
