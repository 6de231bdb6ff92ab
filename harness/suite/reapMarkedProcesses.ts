import { findMarkedProcesses, type MarkedProcess } from './findMarkedProcesses.js';

/**
 * Kills (SIGKILL) every live process carrying the marker of one of `callIds`:
 * the fault suites leave nothing of theirs running. Only markers of calls that
 * have ended may be passed, so no call still in flight is touched.
 * @param callIds - markers of ended calls.
 * @returns the processes it had to kill (empty when none, or without `/proc`).
 * @public
 */
export function reapMarkedProcesses(callIds: ReadonlySet<string>): MarkedProcess[] {
  const found = findMarkedProcesses(callIds) ?? [];
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
