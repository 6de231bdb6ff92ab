import type { CallRecord } from './callRecord.js';
import type { StartedCall } from './_internals/CallObserver.js';
import { orderedRecord } from './_internals/orderedRecord.js';
import { signalProcessGroup } from './_internals/signalProcessGroup.js';
import { validateIntegerOption } from './_internals/validateIntegerOption.js';
import { runAdapterCall } from './runAdapterCall.js';
import type { CallBounds, CallInput, CommandTarget } from './types.js';
import { validateTimeoutMs } from './validateTimeoutMs.js';
import { NO_OUTPUT } from './_internals/noOutput.js';

/**
 * A fault to inject into one call.
 * - `kill`: SIGKILL to the adapter's process group `afterMs` after spawn (a crash).
 * - `pause`: SIGSTOP to the group `afterMs` after spawn; the host deadline
 *   (`bounds.timeoutMs`) expires while it is stopped; SIGCONT `resumeAfterMs`
 *   after spawn; the process then runs on, killed only if it has not exited
 *   `resumedTimeoutMs` after the resume.
 */
export type FaultPlan =
  | { readonly kind: 'kill'; readonly afterMs: number }
  | { readonly kind: 'pause'; readonly afterMs: number; readonly resumeAfterMs: number; readonly resumedTimeoutMs: number };

/** One faulted call: what the host saw, and when the process really ended. */
export interface FaultedCall {
  /**
   * The host's record. A killed call is uncertain (`canceled`, detail naming
   * the fault plan); a paused call whose host deadline expired is a synthesized
   * `timeout` record, ending at the deadline, whose output the host never read.
   */
  readonly record: CallRecord;
  /** Whether the fault hit a live process (false when it had already exited). */
  readonly faulted: boolean;
  /** Resolves with the process's own record once its group has ended (the host record itself for `kill`). */
  readonly settled: Promise<CallRecord>;
}

/**
 * Runs one adapter call through `runAdapterCall` and injects `plan` into it.
 * Every process it starts is bounded: awaiting `settled` reaps it.
 * @param target - the normalized adapter command.
 * @param input - the argv action and the exact stdin text.
 * @param bounds - the host's deadline (for `pause`, it must expire while the process is stopped), output bound, signal.
 * @param plan - the fault.
 * @throws TypeError for an impossible plan (a harness bug).
 * @public
 */
export async function runFaultedCall(target: CommandTarget, input: CallInput, bounds: CallBounds, plan: FaultPlan): Promise<FaultedCall> {
  return plan.kind === 'kill' ? runKilled(target, input, bounds, plan.afterMs) : runPaused(target, input, bounds, validatePause(plan, bounds));
}

async function runKilled(target: CommandTarget, input: CallInput, bounds: CallBounds, afterMs: number): Promise<FaultedCall> {
  const delay = validateIntegerOption('afterMs', afterMs, 0, validateTimeoutMs(bounds.timeoutMs));
  const fault = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let fired = false;
  const signal = bounds.signal === undefined ? fault.signal : AbortSignal.any([bounds.signal, fault.signal]);
  try {
    const record = await runAdapterCall(target, input, { ...bounds, signal }, {
      onSpawn: () => {
        timer = setTimeout(() => {
          fired = true;
          fault.abort();
        }, delay);
      },
    });
    const faulted = fired && record.uncertainty === 'canceled';
    const marked = faulted
      ? orderedRecord({ ...record, uncertaintyDetail: `killed by the fault plan: SIGKILL to the process group ${delay} ms after spawn` })
      : record;
    return { record: marked, faulted, settled: Promise.resolve(marked) };
  } finally {
    clearTimeout(timer);
  }
}

type PausePlan = Extract<FaultPlan, { kind: 'pause' }>;

function validatePause(plan: PausePlan, bounds: CallBounds): PausePlan {
  const hostDeadline = validateTimeoutMs(bounds.timeoutMs);
  validateIntegerOption('afterMs', plan.afterMs, 0, hostDeadline - 1);
  validateIntegerOption('resumeAfterMs', plan.resumeAfterMs, hostDeadline, 600_000);
  validateTimeoutMs(plan.resumedTimeoutMs);
  validateTimeoutMs(plan.resumeAfterMs + plan.resumedTimeoutMs);
  return plan;
}

async function runPaused(target: CommandTarget, input: CallInput, bounds: CallBounds, plan: PausePlan): Promise<FaultedCall> {
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;
  let pid: number | undefined;
  let resolveHost: (record: CallRecord) => void = () => {};
  const hostView = new Promise<CallRecord>((resolve) => {
    resolveHost = resolve;
  });
  const hostDeadline = bounds.timeoutMs;
  const onSpawn = (started: StartedCall): void => {
    pid = started.pid;
    timers.push(
      setTimeout(() => {
        stopped = signalProcessGroup(started.pid, 'SIGSTOP');
      }, plan.afterMs),
      setTimeout(() => resolveHost(hostTimeout(target, input, bounds, plan, started)), hostDeadline),
      setTimeout(() => signalProcessGroup(started.pid, 'SIGCONT'), plan.resumeAfterMs),
    );
  };
  // The process runs under its own, longer bound: the host deadline only ends the host's view of it.
  const settled = runAdapterCall(target, input, { ...bounds, timeoutMs: plan.resumeAfterMs + plan.resumedTimeoutMs }, { onSpawn }).finally(() => {
    for (const timer of timers) clearTimeout(timer);
    if (pid !== undefined) signalProcessGroup(pid, 'SIGCONT'); // never leave a stopped straggler behind
  });
  // A process that ended before the deadline is what the host saw.
  void settled.then(resolveHost, () => {});
  const record = await hostView;
  return { record, faulted: stopped && record.timedOut, settled };
}

function hostTimeout(target: CommandTarget, input: CallInput, bounds: CallBounds, plan: PausePlan, started: StartedCall): CallRecord {
  return orderedRecord({
    callId: started.callId,
    action: input.action,
    argv: [target.executable, ...target.argvPrefix, input.action],
    requestText: input.requestText,
    startedAt: started.startedAt,
    endedAt: Date.now(),
    exitCode: null,
    signal: null,
    timedOut: true,
    ...NO_OUTPUT,
    timeoutMs: bounds.timeoutMs,
    maxOutputBytes: bounds.maxOutputBytes,
    uncertainty: 'timeout',
    uncertaintyDetail:
      `host deadline expired while the fault plan held the process group stopped (SIGSTOP ${plan.afterMs} ms after spawn); ` +
      `the host abandoned the call unread, and the process was resumed ${plan.resumeAfterMs} ms after spawn and left to finish`,
  });
}
