import { killEach } from '../transport/containment/killEach.js';
import { readProcessTable } from '../transport/containment/processTable.js';
import { findMarkedProcesses, type MarkedProcess } from './findMarkedProcesses.js';

/** Rounds of find-and-kill: each round's victims' children are found (reparented) in the next. */
const MAX_ROUNDS = 20;

/**
 * Kills (SIGKILL) every live process started by one of `callIds`, round after
 * round until none is left (a killed process's children are found in the next
 * round): the fault suites leave nothing of theirs running. Only ended calls may
 * be passed, so no call still in flight is touched.
 * @param callIds - ended calls.
 * @returns the processes it had to kill (empty when none, or without `/proc`).
 * @public
 */
export function reapMarkedProcesses(callIds: ReadonlySet<string>): MarkedProcess[] {
  const killed = new Map<number, MarkedProcess>();
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const found = (findMarkedProcesses(callIds) ?? []).filter((marked) => !killed.has(marked.pid));
    if (found.length === 0) break;
    for (const pid of killEach(found.map((marked) => marked.pid))) {
      const marked = found.find((candidate) => candidate.pid === pid);
      if (marked !== undefined) killed.set(pid, marked);
    }
  }
  return [...killed.values()];
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
  const killed = new Map<number, MarkedProcess>();
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const found = (readProcessTable() ?? []).filter((entry) => !entry.dead && entry.scratchMarker === scratchDir && !killed.has(entry.pid));
    if (found.length === 0) break;
    for (const pid of killEach(found.map((entry) => entry.pid))) {
      const entry = found.find((candidate) => candidate.pid === pid);
      if (entry !== undefined) killed.set(pid, { pid, callId: scratchDir, cmdline: entry.argv.join(' ') });
    }
  }
  return [...killed.values()];
}
