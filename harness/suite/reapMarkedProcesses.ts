import { findMarkedProcesses, scanProcessEnvironments, type MarkedProcess } from './findMarkedProcesses.js';

/**
 * Kills (SIGKILL) every live process carrying the marker of one of `callIds`:
 * the fault suites leave nothing of theirs running. Only markers of calls that
 * have ended may be passed, so no call still in flight is touched.
 * @param callIds - markers of ended calls.
 * @returns the processes it had to kill (empty when none, or without `/proc`).
 * @public
 */
export function reapMarkedProcesses(callIds: ReadonlySet<string>): MarkedProcess[] {
  return killAll(findMarkedProcesses(callIds) ?? []);
}

/**
 * Kills (SIGKILL) every live process of one run, in flight or not: each carries the
 * run's own scratch directory in `ADAPTER_QUALIFY_SCRATCH` (an interrupted run ends them all).
 * @param scratchDir - the run's scratch directory.
 * @returns the processes it killed (empty when none, or without `/proc`); `callId` is the scratch directory.
 * @public
 */
export function reapRunProcesses(scratchDir: string): MarkedProcess[] {
  const variable = `ADAPTER_QUALIFY_SCRATCH=${scratchDir}`;
  return killAll(scanProcessEnvironments((environ) => (environ.split('\0').includes(variable) ? scratchDir : null)) ?? []);
}

function killAll(found: readonly MarkedProcess[]): MarkedProcess[] {
  const killed: MarkedProcess[] = [];
  for (const marked of found) {
    try {
      process.kill(marked.pid, 'SIGKILL');
      killed.push(marked);
    } catch (error) {
      // Exited meanwhile: nothing to reap.
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  }
  return killed;
}
