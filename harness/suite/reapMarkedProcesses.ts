import { readProcessTable } from '../transport/containment/processTable.js';
import { killUntilGone } from '../transport/containment/killUntilGone.js';
import { findMarkedProcesses, type MarkedProcess } from './findMarkedProcesses.js';

/**
 * Kills (SIGKILL) every live process started by one of `callIds`, pass after
 * pass until a pass finds none (a killed process's children are found in the
 * next pass): the fault suites leave nothing of theirs running. Only ended calls
 * may be passed, so no call still in flight is touched.
 * @param callIds - ended calls.
 * @returns the processes it had to kill (empty when none, or without `/proc`).
 * @public
 */
export function reapMarkedProcesses(callIds: ReadonlySet<string>): MarkedProcess[] {
  return killUntilGone(() => findMarkedProcesses(callIds) ?? [], (marked) => marked.pid);
}

/**
 * Kills (SIGKILL) every live process of one run, in flight or not, that carries the
 * run's own scratch directory in `ADAPTER_QUALIFY_SCRATCH` (an interrupted run ends
 * them all; descendants that cleared their environment are the launcher sweep's).
 * @param scratchDir - the run's scratch directory.
 * @returns the processes it killed (empty when none, or without `/proc`); `callId` is the scratch directory.
 * @public
 */
export function reapRunProcesses(scratchDir: string): MarkedProcess[] {
  const found = killUntilGone(
    () => (readProcessTable() ?? []).filter((entry) => !entry.dead && entry.scratchMarker === scratchDir),
    (entry) => entry.pid,
  );
  return found.map((entry) => ({ pid: entry.pid, callId: scratchDir, cmdline: entry.argv.join(' ') }));
}
