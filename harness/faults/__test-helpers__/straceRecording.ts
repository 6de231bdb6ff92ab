import { accessSync, constants } from 'node:fs';
import { CONTEXT_SYSCALLS, DURABLE_SYSCALLS, type DurableStep } from '../durableSteps.js';
import { recordUnder } from '../traceSession.js';
import type { CallBounds, CallInput, CommandTarget } from '../../transport/OperationTransport.js';

/** Where Debian installs strace, the step tracer's independent witness in these tests (`.ci/run` installs it). */
export const STRACE = '/usr/bin/strace';

/** Whether strace is here to witness. */
export function straceInstalled(): boolean {
  try {
    accessSync(STRACE, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The durable steps of one call as strace records them (`-f -y`, the durable and context syscalls, buffers cut to
 * two items, seccomp-bpf): the same syscalls the step tracer must count, seen by another tracer.
 */
export async function straceRecording(target: CommandTarget, input: CallInput, bounds: CallBounds): Promise<readonly DurableStep[]> {
  const traced = [...DURABLE_SYSCALLS, ...CONTEXT_SYSCALLS].map((name) => `?${name}`).join(',');
  // -s 2: data is never needed, but both descriptors of a new pipe or socket pair must be printed.
  const recorded = await recordUnder(
    (logFile, argv) => [STRACE, '-f', '-qq', '-y', '-s', '2', '-e', 'signal=none', '-o', logFile, '-e', `trace=${traced}`, '--seccomp-bpf', '--', ...argv],
    target,
    input,
    bounds,
  );
  return recorded.steps;
}
