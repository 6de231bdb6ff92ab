import { randomUUID } from 'node:crypto';
import { execa } from 'execa';
import { limits } from '../protocol/types.js';
import { BoundedCapture, decodeUtf8 } from './capture.js';
import { type CallRecord, classifyExit, type KillReason, orderedRecord, NO_OUTPUT } from './callRecord.js';
import { killProcessGroup } from './process.js';
import type { CallBounds, CallInput, CommandTarget, OperationCall, OperationTransport, TransportResult } from './OperationTransport.js';
import { validateMaxOutputBytes, validateTimeoutMs } from './bounds.js';
import { adapterEnvironment, SCRUBBED_ENVIRONMENT } from './containment/environment.js';
import { launchCommand, launchFailure } from './containment/launcher.js';
import { noteOutputRead } from './reclaimOutput.js';

/**
 * Bound on waiting for the streams to close once the suite killed the group
 * (after that, they are destroyed). Only ever spent after the call's deadline,
 * its cancellation or an overflow: a process that exited is read to EOF.
 */
const DESTROY_WAIT_MS = 1_000;

/** The parts of a record fixed before the process starts. */
interface CallIdentity {
  readonly callId: string;
  readonly action: CallInput['action'];
  readonly argv: readonly string[];
  readonly requestText: string;
  readonly timeoutMs: number;
  readonly maxOutputBytes: number;
}

type ExitEvent = { readonly kind: 'exit'; readonly code: number | null; readonly signal: string | null } | { readonly kind: 'spawn-error'; readonly error: Error };

/**
 * Runs one adapter call (WIRE-*): spawns `[executable, ...argvPrefix, action]`
 * without a shell, through the per-call launcher (`launchCommand`: the adapter's
 * parent is sacrificial, its descendants stay under the call's keeper), in a new
 * process group, with a scrubbed environment (`adapterEnvironment`), writes the request to
 * stdin and closes it, drains stdout (capped at the output bound) and stderr
 * (its last 65,536 bytes kept), enforces the deadline and the caller's signal,
 * and kills the whole group when the call ends. Never retries.
 *
 * Everything the adapter does becomes data in the record (`uncertainty`);
 * stdout is not parsed here.
 * @param target - the normalized adapter command.
 * @param input - the argv action and the exact stdin text.
 * @param bounds - deadline, output bound and cancellation; validated again here.
 * @param observer - hooks for the fault injector (`runFaultedCall`). @internal @defaultValue none
 * @returns the call's record. Never rejects for anything the adapter does.
 * @throws TypeError for out-of-range bounds (a harness bug: options are normalized earlier).
 * @public
 */
export async function runAdapterCall(target: CommandTarget, input: CallInput, bounds: CallBounds, observer?: CallObserver): Promise<CallRecord> {
  const identity: CallIdentity = {
    callId: randomUUID(),
    action: input.action,
    argv: [target.executable, ...target.argvPrefix, input.action],
    requestText: input.requestText,
    timeoutMs: validateTimeoutMs(bounds.timeoutMs),
    maxOutputBytes: validateMaxOutputBytes(bounds.maxOutputBytes),
  };
  if (bounds.signal?.aborted === true) {
    const now = Date.now();
    return notStarted(identity, now, 'pre-aborted', 'the signal was aborted before dispatch; no process was started');
  }
  return runStarted(target, identity, bounds.signal, observer);
}

async function runStarted(target: CommandTarget, identity: CallIdentity, signal: AbortSignal | undefined, observer: CallObserver | undefined): Promise<CallRecord> {
  const stdout = new BoundedCapture(identity.maxOutputBytes, 'head');
  const stderr = new BoundedCapture(limits.maxStderrBytes, 'tail');
  let killReason: KillReason | null = null;
  let streamFailure: string | null = null;
  let heldOpen: string | null = null;
  let exitedAt: number | null = null;
  let onKilled: () => void = ignore;
  const killed = new Promise<void>((resolve) => {
    onKilled = resolve;
  });
  const noteStreamFailure = (detail: string): void => {
    streamFailure ??= detail;
  };

  const startedAt = Date.now();
  // The fault injector's hook (a tracer around the adapter's argv) is the only place a call's
  // argv can differ from the record's; the launcher stays outside it, as the call's parent.
  const argv = [target.executable, ...target.argvPrefix, identity.action] as const;
  const launch = launchCommand(observer?.wrapArgv?.(argv) ?? argv, identity.callId);
  const subprocess = execa(launch.file, launch.args, {
    cwd: target.cwd,
    env: adapterEnvironment(target.environment ?? SCRUBBED_ENVIRONMENT, { ...target.env, ADAPTER_QUALIFY_CALL: identity.callId }),
    extendEnv: false,
    shell: false,
    detached: true, // the adapter leads its own process group, so the group can be killed
    cleanup: false,
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'pipe',
    buffer: false, // we read the streams ourselves, capped
    encoding: 'buffer',
    stripFinalNewline: false,
    reject: false,
    forceKillAfterDelay: false,
    windowsHide: true,
  });
  // The execa promise settles on its own; every outcome is read from events below.
  subprocess.then(ignore, ignore);
  const pid = subprocess.pid;
  if (pid !== undefined) observer?.onSpawn({ pid, callId: identity.callId, startedAt });

  const kill = (reason: KillReason): void => {
    killReason ??= reason;
    if (reason === 'timeout' && exitedAt !== null && !(subprocess.stdout.closed && subprocess.stderr.closed)) {
      heldOpen = `the process exited ${exitedAt - startedAt} ms after spawn, within the ${identity.timeoutMs} ms deadline, but ${openStreams(subprocess)} stayed open until it (a process it started held them)`;
    }
    if (pid !== undefined) killProcessGroup(pid);
    subprocess.kill('SIGKILL'); // also the direct child, should the group kill have missed it
    onKilled();
  };

  const exited = new Promise<ExitEvent>((resolve) => {
    subprocess.once('exit', (code: number | null, exitSignal: NodeJS.Signals | null) => {
      exitedAt = Date.now();
      resolve({ kind: 'exit', code, signal: exitSignal });
    });
    subprocess.on('error', (error: Error) => {
      // Without a pid the spawn itself failed; later errors are reported elsewhere.
      if (subprocess.pid === undefined) resolve({ kind: 'spawn-error', error });
    });
  });
  const closed = new Promise<void>((resolve) => {
    subprocess.once('close', () => resolve());
  });

  subprocess.stdout.on('data', (chunk: Buffer) => {
    if (stdout.push(chunk)) {
      // Stop reading at once: nothing past the cap is ever buffered (WIRE-STDOUT-CAP).
      subprocess.stdout.destroy();
      kill('output-overflow');
    }
  });
  subprocess.stderr.on('data', (chunk: Buffer) => {
    stderr.push(chunk); // always drained, so a stderr flood cannot block the adapter (WIRE-DRAIN)
  });
  subprocess.stdout.on('error', (error: Error) => noteStreamFailure(`stdout: ${error.message}`));
  subprocess.stderr.on('error', (error: Error) => noteStreamFailure(`stderr: ${error.message}`));
  subprocess.stdin.on('error', (error: NodeJS.ErrnoException) => {
    // The adapter may exit or close stdin before reading everything; its exit status decides.
    if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') noteStreamFailure(`stdin: ${error.message}`);
  });
  subprocess.stdin.end(Buffer.from(identity.requestText, 'utf8'));

  const deadline = setTimeout(() => kill('timeout'), identity.timeoutMs);
  const onAbort = (): void => kill('canceled');
  signal?.addEventListener('abort', onAbort, { once: true });

  try {
    const exit = await exited;
    if (exit.kind === 'spawn-error') {
      destroyStreams(subprocess);
      return notStarted(identity, startedAt, 'spawn-failure', `${exit.error.message} (cwd ${target.cwd})`);
    }
    // Read to EOF however long a busy host takes to get there: only the deadline (or a
    // cancellation) ends the wait, so a descendant holding the pipe costs the call's
    // own deadline and a starved host never loses an answer the adapter gave.
    await Promise.race([closed, killed]);
    if (!(await settlesWithin(closed, DESTROY_WAIT_MS))) {
      // Something outside the process group still holds the pipe.
      destroyStreams(subprocess);
      await settlesWithin(closed, DESTROY_WAIT_MS);
    }
    // The launcher ran but could not execute the adapter: the spawn failure a direct spawn would have thrown.
    const notExecuted = killReason === null ? launchFailure(launch, exit.code, stdout.heldBytes, decodeUtf8(stderr.bytes(), stderr.truncated).text) : null;
    if (notExecuted !== null) return notStarted(identity, startedAt, 'spawn-failure', `${notExecuted} (cwd ${target.cwd})`);
    const verdict = classifyExit({ killReason, streamFailure, heldOpen, exitCode: exit.code, signal: exit.signal });
    const decoded = decodeUtf8(stdout.bytes(), stdout.truncated);
    return orderedRecord({
      ...identity,
      startedAt,
      endedAt: Date.now(),
      exitCode: exit.code,
      signal: exit.signal,
      timedOut: killReason === 'timeout',
      stdout: decoded.text,
      stdoutBytes: stdout.heldBytes,
      stdoutTruncated: stdout.truncated,
      stdoutInvalidUtf8: decoded.invalid,
      stderrTail: decodeUtf8(stderr.bytes(), stderr.truncated).text,
      stderrTruncated: stderr.truncated,
      stderrBytes: stderr.seenBytes,
      uncertainty: verdict.uncertainty,
      uncertaintyDetail: verdict.detail,
    });
  } finally {
    clearTimeout(deadline);
    signal?.removeEventListener('abort', onAbort);
    // No descendant still in the adapter's group outlives the call.
    if (pid !== undefined) killProcessGroup(pid);
    noteOutputRead(stdout.heldBytes + stderr.heldBytes);
  }
}

/** A record for a call whose process never ran (pre-aborted or failed to spawn). */
function notStarted(identity: CallIdentity, startedAt: number, uncertainty: 'pre-aborted' | 'spawn-failure', detail: string): CallRecord {
  return orderedRecord({
    ...identity,
    startedAt,
    endedAt: uncertainty === 'pre-aborted' ? startedAt : Date.now(),
    exitCode: null,
    signal: null,
    timedOut: false,
    ...NO_OUTPUT,
    uncertainty,
    uncertaintyDetail: detail,
  });
}

/** Resolves true when `promise` settles within `ms`, false otherwise; leaves no timer behind. */
async function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true as const), expired]);
  } finally {
    clearTimeout(timer);
  }
}

interface Stdio {
  readonly stdin: NodeJS.WritableStream & { destroy(): void };
  readonly stdout: NodeJS.ReadableStream & { destroy(): void; readonly closed: boolean };
  readonly stderr: NodeJS.ReadableStream & { destroy(): void; readonly closed: boolean };
}

function destroyStreams(subprocess: Stdio): void {
  subprocess.stdin.destroy();
  subprocess.stdout.destroy();
  subprocess.stderr.destroy();
}

function openStreams(subprocess: Stdio): string {
  const open = [subprocess.stdout.closed ? null : 'stdout', subprocess.stderr.closed ? null : 'stderr'].filter((name) => name !== null);
  return open.length === 0 ? 'stdio' : open.join(' and ');
}

function ignore(): void {}

/** The adapter process of a call, as it started. */
export interface StartedCall {
  /** The process group leader's pid (the adapter leads its own group). */
  readonly pid: number;
  /** The call's id (`ADAPTER_QUALIFY_CALL`). */
  readonly callId: string;
  /** ms since epoch, when the process was spawned. */
  readonly startedAt: number;
}

/**
 * Hooks into one call's life, for the fault injector (which needs the process
 * group to stop or kill it). Plain calls pass none.
 * @internal
 */
export interface CallObserver {
  /** Called once, right after the process was spawned. */
  readonly onSpawn: (started: StartedCall) => void;
  /**
   * Replaces the spawned argv (executable first), e.g. to run the adapter under
   * a syscall tracer. The record keeps the adapter's own argv. @defaultValue none
   */
  readonly wrapArgv?: (argv: readonly string[]) => readonly [string, ...string[]];
}

/**
 * The command transport: every call is one adapter process (`runAdapterCall`).
 * It sends the exact text, well-formed or not, and checks no clause itself.
 * @public
 */
export class CommandTransport implements OperationTransport {
  readonly kind = 'command' as const;
  readonly acceptsRawText = true;
  /** The adapter command (also what fault-injecting calls start). */
  readonly target: CommandTarget;

  /** @param target - the normalized adapter command */
  constructor(target: CommandTarget) {
    this.target = target;
  }

  /** Runs one adapter process for `input`. */
  async call(input: OperationCall, bounds: CallBounds): Promise<TransportResult> {
    const record = await runAdapterCall(this.target, { action: input.action, requestText: input.requestText }, bounds);
    return { record, checked: [], violations: [] };
  }
}
