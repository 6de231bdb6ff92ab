import { launcherProcesses, descendantsOf, readProcessTable, type ProcessEntry } from '../transport/containment/sweep.js';
import { killUntilGone } from '../transport/process.js';
import { escapedFromKeepers } from '../transport/sandbox/escapedProcesses.js';

/** A live process started by one of the given calls. */
export interface MarkedProcess {
  readonly pid: number;
  /** The call that started it. */
  readonly callId: string;
  /** Its command line, arguments joined by spaces (capped). */
  readonly cmdline: string;
}

const MAX_CMDLINE = 300;

/**
 * Finds live processes started by one of `callIds`: every descendant of the
 * call's keeper (the per-call launcher's child subreaper, which inherits every
 * orphan of the adapter's tree, whatever it did to its environment or session),
 * and, as the fallback where there is no launcher, every process whose
 * `/proc/<pid>/environ` carries `ADAPTER_QUALIFY_CALL=<id>`. The launcher's own
 * processes, zombies and unreadable processes are not counted.
 * @param callIds - the calls whose processes count.
 * @returns the processes found, or null where there is no `/proc` (not Linux).
 * @public
 */
export function findMarkedProcesses(callIds: ReadonlySet<string>): MarkedProcess[] | null {
  const table = readProcessTable();
  if (table === null) return null;
  if (callIds.size === 0) return [];
  const launchers = launcherProcesses(table);
  const launcherPids = new Set(launchers.map(({ entry }) => entry.pid));
  const found = new Map<number, MarkedProcess>();
  const note = (entry: ProcessEntry, callId: string): void => {
    if (entry.dead || launcherPids.has(entry.pid) || found.has(entry.pid)) return;
    const cmdline = entry.argv.join(' ');
    found.set(entry.pid, { pid: entry.pid, callId, cmdline: cmdline.length > MAX_CMDLINE ? `${cmdline.slice(0, MAX_CMDLINE)}…` : cmdline });
  };
  for (const { entry, callId } of launchers) {
    if (!callIds.has(callId)) continue;
    for (const descendant of descendantsOf(table, new Set([entry.pid]))) note(descendant, callId);
  }
  for (const entry of table) {
    if (entry.callMarker !== null && callIds.has(entry.callMarker)) note(entry, entry.callMarker);
  }
  // A process that killed its call's keeper is no call's any more: counted against the ended calls asked about.
  const [first] = callIds;
  if (first !== undefined) for (const entry of escapedFromKeepers(table)) note(entry, `${first} (or another call of this thread: it escaped its keeper)`);
  return [...found.values()];
}

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
  return killUntilGone(
    () => findMarkedProcesses(callIds) ?? [],
    (marked) => marked.pid,
  );
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
