import { launcherProcesses } from '../transport/containment/launcherProcesses.js';
import { descendantsOf, readProcessTable, type ProcessEntry } from '../transport/containment/processTable.js';

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
  return [...found.values()];
}
