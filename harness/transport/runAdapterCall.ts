import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { limits } from '../protocol/types.js';
import { BoundedCapture, decodeUtf8 } from './capture.js';
import { type CallRecord, classifyExit, type KillReason, orderedRecord, NO_OUTPUT } from './callRecord.js';
import type { CallBounds, CallInput, CommandTarget, OperationCall, OperationTransport, TransportResult } from './OperationTransport.js';
import { validateMaxOutputBytes, validateTimeoutMs } from './bounds.js';
import { adapterEnvironment, SCRUBBED_ENVIRONMENT } from './containment/environment.js';
import { launchCommand, launchFailure } from './containment/launcher.js';
import { noteOutputRead } from './reclaimOutput.js';
import { startProcess } from './spawner.js';

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

/**
 * Runs one adapter call (WIRE-*): spawns `[executable, ...argvPrefix, action]`
 * without a shell, through the per-call launcher (`launchCommand`: the adapter's
 * parent is sacrificial, its descendants stay under the call's keeper), started by
 * this thread's spawner (`startProcess`) in a new process group, with a scrubbed
 * environment (`adapterEnvironment`), writes the request to stdin and closes it, drains stdout (capped at the output bound) and stderr
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
  // Started in a new session: the adapter leads its own process group, so the group can be killed.
  const started = await startProcess({
    file: launch.file,
    args: launch.args,
    cwd: target.cwd,
    env: adapterEnvironment(target.environment ?? SCRUBBED_ENVIRONMENT, { ...target.env, ADAPTER_QUALIFY_CALL: identity.callId }),
    input: Buffer.from(identity.requestText, 'utf8'),
    viaLauncher: launch.viaLauncher,
  });
  if (started.kind === 'spawn-error') return notStarted(identity, startedAt, 'spawn-failure', `${started.message} (cwd ${target.cwd})`);
  const { pid, stdout: stdoutPipe, stderr: stderrPipe } = started;
  observer?.onSpawn({ pid, callId: identity.callId, startedAt, signalGroup: (signal) => started.signalGroup(signal) });

  const kill = (reason: KillReason): void => {
    killReason ??= reason;
    if (reason === 'timeout' && exitedAt !== null && !(stdoutPipe.closed && stderrPipe.closed)) {
      heldOpen = `the process exited ${exitedAt - startedAt} ms after spawn, within the ${identity.timeoutMs} ms deadline, but ${openStreams(stdoutPipe, stderrPipe)} stayed open until it (a process it started held them)`;
    }
    started.signalGroup('SIGKILL');
    started.kill(); // also the direct child, should the group kill have missed it
    onKilled();
  };

  const exited = started.exited.then((exit) => {
    exitedAt = Date.now();
    if (exit.lost !== null) noteStreamFailure(`${exit.lost}, so the exit status is unknown`);
    return exit;
  });
  // As a child process's own 'close': it exited, and both output pipes are closed.
  const closed = Promise.all([exited, closeOf(stdoutPipe), closeOf(stderrPipe)]).then(ignore);

  stdoutPipe.on('data', (chunk: Buffer) => {
    if (stdout.push(chunk)) {
      // Stop reading at once: nothing past the cap is ever buffered (WIRE-STDOUT-CAP).
      stdoutPipe.destroy();
      kill('output-overflow');
    }
  });
  stderrPipe.on('data', (chunk: Buffer) => {
    stderr.push(chunk); // always drained, so a stderr flood cannot block the adapter (WIRE-DRAIN)
  });
  stdoutPipe.on('error', (error: Error) => noteStreamFailure(`stdout: ${error.message}`));
  stderrPipe.on('error', (error: Error) => noteStreamFailure(`stderr: ${error.message}`));
  // An adapter that exits or closes stdin before reading all of it is no failure: its exit status decides.
  started.onStdinFailure((detail) => noteStreamFailure(`stdin: ${detail}`));

  const deadline = setTimeout(() => kill('timeout'), identity.timeoutMs);
  const onAbort = (): void => kill('canceled');
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted === true) onAbort(); // aborted while the process was being started

  try {
    const exit = await exited;
    // Read to EOF however long a busy host takes to get there: only the deadline (or a
    // cancellation) ends the wait, so a descendant holding the pipe costs the call's
    // own deadline and a starved host never loses an answer the adapter gave.
    await Promise.race([closed, killed]);
    if (!(await settlesWithin(closed, DESTROY_WAIT_MS))) {
      // Something outside the process group still holds the pipe.
      stdoutPipe.destroy();
      stderrPipe.destroy();
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
    started.signalGroup('SIGKILL');
    started.release(); // a request the adapter never read is not kept, and nothing more is read
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

/** Settles once `pipe` has closed. */
function closeOf(pipe: Readable): Promise<void> {
  return pipe.closed ? Promise.resolve() : new Promise((resolve) => pipe.once('close', () => resolve()));
}

function openStreams(stdout: Readable, stderr: Readable): string {
  const open = [stdout.closed ? null : 'stdout', stderr.closed ? null : 'stderr'].filter((name) => name !== null);
  return open.length === 0 ? 'stdio' : open.join(' and ');
}

function ignore(): void {}

/** The adapter process of a call, as it started. */
export interface StartedCall {
  /** The process group leader's pid (the adapter leads its own group), in the pid namespace it runs in. */
  readonly pid: number;
  /** Signals the call's process group (by the spawner, in the sandbox's pid namespace); false once it is known gone. */
  readonly signalGroup: (signal: NodeJS.Signals) => boolean;
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
