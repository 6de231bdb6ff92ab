import { type CallRecord, orderedRecord, NO_OUTPUT } from '../transport/callRecord.js';
import { type StartedCall, runAdapterCall } from '../transport/runAdapterCall.js';
import { validateIntegerOption, validateTimeoutMs } from '../transport/bounds.js';
import type { CallBounds, CallInput, CommandTarget } from '../transport/OperationTransport.js';
import { ordinalWord, type DurableStep } from './durableSteps.js';
import { stepTracerArgv, type StepFault, type StepTracer } from './stepTracer.js';
import { injectionSite, TraceSession, tracedTimeoutMs, type InjectionSite } from './traceSession.js';

/**
 * A fault to inject into one call.
 * - `kill`: SIGKILL to the adapter's process group `afterMs` after spawn (a crash).
 * - `pause`: SIGSTOP to the group `afterMs` after spawn; the host deadline
 *   (`bounds.timeoutMs`) expires while it is stopped; SIGCONT `resumeAfterMs`
 *   after spawn; the process then runs on, killed only if it has not exited
 *   `resumedTimeoutMs` after the resume.
 * - `kill-at`: the step tracer SIGKILLs the process once the durable steps
 *   before a recorded one have run, so that step never runs (a crash at exactly
 *   that point; `of` is how many durable steps the recorded call had).
 * - `stop-at`: the step tracer stops the process right after a recorded durable
 *   step (the step runs, nothing after it); the host deadline expires; SIGCONT
 *   once both `resumeAfterMs` after spawn has passed and `hold` has settled (the
 *   suite's observe meanwhile), so the resume never races that observe.
 */
export type FaultPlan =
  | { readonly kind: 'kill'; readonly afterMs: number }
  | { readonly kind: 'pause'; readonly afterMs: number; readonly resumeAfterMs: number; readonly resumedTimeoutMs: number }
  | { readonly kind: 'kill-at'; readonly tracer: StepTracer; readonly step: DurableStep; readonly of: number }
  | {
      readonly kind: 'stop-at';
      readonly tracer: StepTracer;
      readonly step: DurableStep;
      readonly of: number;
      readonly resumeAfterMs: number;
      readonly resumedTimeoutMs: number;
      readonly hold: Promise<unknown>;
    };

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
  /** For `kill-at` and `stop-at`: where the tracer's injection landed, once the call settled. */
  readonly site?: Promise<InjectionSite>;
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
  switch (plan.kind) {
    case 'kill':
      return runKilled(target, input, bounds, plan.afterMs);
    case 'pause':
      return runPaused(target, input, bounds, validatePause(plan, bounds), timedStop(plan));
    case 'kill-at':
      return runKilledAt(target, input, bounds, plan);
    case 'stop-at':
      return runStoppedAt(target, input, bounds, plan);
  }
}

/** A session whose argv runs the adapter under the step tracer, faulting it as planned. */
function faultSession(tracer: StepTracer, fault: StepFault): TraceSession {
  return new TraceSession((logFile, argv) => stepTracerArgv(tracer, logFile, fault, argv));
}

async function runKilledAt(target: CommandTarget, input: CallInput, bounds: CallBounds, plan: Extract<FaultPlan, { kind: 'kill-at' }>): Promise<FaultedCall> {
  const trace = faultSession(plan.tracer, { kind: 'kill', after: plan.step.index - 1 });
  const record = await runAdapterCall(target, input, { ...bounds, timeoutMs: tracedTimeoutMs(bounds.timeoutMs) }, { onSpawn: () => {}, wrapArgv: trace.wrapArgv });
  const run = trace.finish();
  const site = injectionSite(run, plan.step, plan.of, 'kill');
  if (run.fault === null) return { record, faulted: false, settled: Promise.resolve(record), site: Promise.resolve(site) };
  // The tracer ends as the adapter's process did. Killed, that process gave the host no answer; a kill of a process
  // it left behind (its step came after the answer) leaves the host's record as it was.
  if (record.signal !== 'SIGKILL') return { record, faulted: true, settled: Promise.resolve(record), site: Promise.resolve(site) };
  const marked = orderedRecord({
    ...record,
    uncertainty: 'canceled',
    uncertaintyDetail: `killed by the fault plan: SIGKILL from the step tracer ${site.description}`,
  });
  return { record: marked, faulted: true, settled: Promise.resolve(marked), site: Promise.resolve(site) };
}

async function runStoppedAt(target: CommandTarget, input: CallInput, bounds: CallBounds, plan: Extract<FaultPlan, { kind: 'stop-at' }>): Promise<FaultedCall> {
  const trace = faultSession(plan.tracer, { kind: 'stop', after: plan.step.index });
  const schedule = validatePause({ kind: 'pause', afterMs: 0, resumeAfterMs: plan.resumeAfterMs, resumedTimeoutMs: plan.resumedTimeoutMs }, bounds);
  const stop: StopTrigger = {
    stopAfterMs: null,
    hold: plan.hold,
    wrapArgv: trace.wrapArgv,
    detail: `the step tracer stopped the process right after ${plan.step.description}, the ${ordinalWord(plan.step.index)} of ${plan.of} recorded durable steps`,
  };
  const call = await runPaused(target, input, bounds, schedule, stop);
  const site = call.settled.then(() => injectionSite(trace.finish(), plan.step, plan.of, 'stop'));
  return { ...call, site };
}

async function runKilled(target: CommandTarget, input: CallInput, bounds: CallBounds, afterMs: number): Promise<FaultedCall> {
  const delay = validateIntegerOption('afterMs', afterMs, 0, validateTimeoutMs(bounds.timeoutMs));
  const fault = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let fired = false;
  const signal = bounds.signal === undefined ? fault.signal : AbortSignal.any([bounds.signal, fault.signal]);
  try {
    const record = await runAdapterCall(
      target,
      input,
      { ...bounds, signal },
      {
        onSpawn: () => {
          timer = setTimeout(() => {
            fired = true;
            fault.abort();
          }, delay);
        },
      },
    );
    const faulted = fired && record.uncertainty === 'canceled';
    const marked = faulted ? orderedRecord({ ...record, uncertaintyDetail: `killed by the fault plan: SIGKILL to the process group ${delay} ms after spawn` }) : record;
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

/** What stops a paused call: a timer (SIGSTOP `stopAfterMs` after spawn) or the tracer (null), and what else the resume waits for. */
interface StopTrigger {
  readonly stopAfterMs: number | null;
  readonly hold: Promise<unknown> | null;
  readonly wrapArgv?: (argv: readonly string[]) => readonly [string, ...string[]];
  /** How the process was stopped, for the host's timeout record. */
  readonly detail: string;
}

function timedStop(plan: PausePlan): StopTrigger {
  return { stopAfterMs: plan.afterMs, hold: null, detail: `SIGSTOP ${plan.afterMs} ms after spawn` };
}

async function runPaused(target: CommandTarget, input: CallInput, bounds: CallBounds, plan: PausePlan, stop: StopTrigger): Promise<FaultedCall> {
  const timers: NodeJS.Timeout[] = [];
  // A tracer's stop is known only from its log: the host's timeout alone says the call was uncertain.
  let stopped = stop.stopAfterMs === null;
  let signalGroup: ((signal: NodeJS.Signals) => boolean) | undefined;
  let resolveHost: (record: CallRecord) => void = () => {};
  const hostView = new Promise<CallRecord>((resolve) => {
    resolveHost = resolve;
  });
  const hostDeadline = bounds.timeoutMs;
  const onSpawn = (started: StartedCall): void => {
    signalGroup = started.signalGroup;
    const { stopAfterMs } = stop;
    if (stopAfterMs !== null) {
      timers.push(
        setTimeout(() => {
          stopped = started.signalGroup('SIGSTOP');
        }, stopAfterMs),
      );
    }
    const resumeAt = new Promise<void>((resolve) => timers.push(setTimeout(resolve, plan.resumeAfterMs)));
    timers.push(setTimeout(() => resolveHost(hostTimeout(target, input, bounds, plan, started, stop.detail)), hostDeadline));
    void Promise.all([resumeAt, stop.hold?.catch(() => {})]).then(() => started.signalGroup('SIGCONT'));
  };
  const observer = stop.wrapArgv === undefined ? { onSpawn } : { onSpawn, wrapArgv: stop.wrapArgv };
  // The process runs under its own, longer bound: the host deadline only ends the host's view of it.
  const settled = runAdapterCall(target, input, { ...bounds, timeoutMs: plan.resumeAfterMs + plan.resumedTimeoutMs }, observer).finally(() => {
    for (const timer of timers) clearTimeout(timer);
    signalGroup?.('SIGCONT'); // never leave a stopped straggler behind
  });
  // A process that ended before the deadline is what the host saw.
  void settled.then(resolveHost, () => {});
  const record = await hostView;
  return { record, faulted: stopped && record.timedOut, settled };
}

function hostTimeout(target: CommandTarget, input: CallInput, bounds: CallBounds, plan: PausePlan, started: StartedCall, stoppedBy: string): CallRecord {
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
      `host deadline expired while the fault plan held the process group stopped (${stoppedBy}); ` +
      `the host abandoned the call unread, and the process was resumed at least ${plan.resumeAfterMs} ms after spawn and left to finish`,
  });
}
