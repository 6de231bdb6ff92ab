import type { CallRecord } from '../transport/callRecord.js';
import { runAdapterCall } from '../transport/runAdapterCall.js';
import type { CallBounds, CallInput, CommandTarget } from '../transport/types.js';
import { durableSteps, type DurableStep } from './durableSteps.js';
import { TraceSession, tracedTimeoutMs } from './traceSession.js';

/** A call run once under the tracer: what it answered, and its durable steps in order. */
export interface RecordedCall {
  readonly record: CallRecord;
  readonly steps: readonly DurableStep[];
}

/**
 * Runs one adapter call under strace and lists its durable steps: the crash
 * points of every later call of the same kind. It runs under
 * {@link tracedTimeoutMs} (the tracer's overhead is not the adapter's).
 * @param tracer - absolute path of strace (see `locateTracer`)
 * @param target - the adapter command
 * @param input - the argv action and stdin text
 * @param bounds - the adapter's bounds (the deadline is extended for the tracer)
 */
export async function recordDurableSteps(tracer: string, target: CommandTarget, input: CallInput, bounds: CallBounds): Promise<RecordedCall> {
  const trace = new TraceSession(tracer, { kind: 'record' });
  const record = await runAdapterCall(target, input, { ...bounds, timeoutMs: tracedTimeoutMs(bounds.timeoutMs) }, { onSpawn: () => {}, wrapArgv: trace.wrapArgv });
  return { record, steps: durableSteps(trace.finish()) };
}
