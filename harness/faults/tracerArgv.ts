import { CONTEXT_SYSCALLS, DURABLE_SYSCALLS } from './durableSyscalls.js';
import type { DurableStep } from './durableSteps.js';

/**
 * What the tracer does to a call:
 * - `record`: only watch (its durable steps become the crash points);
 * - `kill`: SIGKILL on entry to `step`, before it runs (a crash);
 * - `stop`: SIGSTOP at `step`; it runs, then the whole process stops before its next step.
 */
export type TracerAction = { readonly kind: 'record' } | { readonly kind: 'kill' | 'stop'; readonly step: Pick<DurableStep, 'syscall' | 'ordinal' | 'threadRank'> };

/** strace counts `when=` up to this many invocations. */
export const MAX_INJECTION_ORDINAL = 65_535;

const SIGNAL_OF: Record<'kill' | 'stop', string> = { kill: 'SIGKILL', stop: 'SIGSTOP' };

/**
 * The argv that runs `argv` under strace: descriptors decorated with their
 * paths (`-y`), the durable and context syscalls logged to `logFile`, buffers
 * cut to two items (`-s 2`: data is never needed, but both descriptors of a new
 * pipe or socket pair must be printed). A recording follows
 * every thread and child (`-f`) and uses seccomp-bpf so untraced syscalls do
 * not stop (fast). An injection cannot use seccomp-bpf (strace 6.1 drops
 * injected signals at a seccomp stop), and it follows the tree only when the
 * step is not made by the adapter's first thread: strace counts `when=` per
 * thread, so with `-f` a runtime's helper thread (Node's libuv pool writes
 * eventfds at start-up) can reach the count first; tracing the first thread
 * alone makes its count exact.
 * @param tracer - absolute path of strace
 * @param logFile - where strace writes its log
 * @param action - record, kill or stop
 * @param argv - the adapter's argv, executable first
 */
export function tracerArgv(tracer: string, logFile: string, action: TracerAction, argv: readonly string[]): [string, ...string[]] {
  const traced = [...DURABLE_SYSCALLS, ...CONTEXT_SYSCALLS].map((name) => `?${name}`).join(',');
  const follow = action.kind === 'record' || action.step.threadRank !== 0 ? ['-f'] : [];
  const common = [...follow, '-qq', '-y', '-s', '2', '-e', 'signal=none', '-o', logFile, '-e', `trace=${traced}`];
  const injection =
    action.kind === 'record'
      ? ['--seccomp-bpf']
      : ['-e', `inject=${action.step.syscall}:signal=${SIGNAL_OF[action.kind]}:when=${Math.min(action.step.ordinal, MAX_INJECTION_ORDINAL)}`];
  return [tracer, ...common, ...injection, '--', ...argv];
}
