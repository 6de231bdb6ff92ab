import { readFileSync } from 'node:fs';
import { launcherProcesses, descendantsOf, type ProcessEntry } from '../containment/sweep.js';
import { thisThreadSpawner } from '../spawner.js';

/**
 * Processes of this thread's calls that escaped their call's keeper: the spawner is the child
 * subreaper of everything it starts, so a process whose keeper was killed (by the candidate itself)
 * is adopted by the spawner. Its direct children are otherwise only the calls' launchers and the
 * first processes of calls still running; anything else outlived its call and is no call's any
 * more, whatever it did to its environment or session. Zombies are not counted.
 * @param table - the process table (`readProcessTable`)
 * @returns the escaped processes and their descendants, or none when this thread has no spawner
 * @public
 */
export function escapedFromKeepers(table: readonly ProcessEntry[]): ProcessEntry[] {
  const spawner = thisThreadSpawner();
  if (spawner === null) return [];
  // The spawner is the process the suite started, or, in a sandbox, a descendant of its entry; only the eldest
  // with the spawner's program counts (a younger one is a fork about to exec a call).
  const lineage = [...table.filter((entry) => entry.pid === spawner.startedPid), ...descendantsOf(table, new Set([spawner.startedPid]))];
  const withProgram = lineage.filter((entry) => entry.argv[0] === spawner.path);
  const spawners = withProgram.filter((entry) => !withProgram.some((other) => other.pid === entry.ppid));
  const launchers = new Set(launcherProcesses(table).map(({ entry }) => entry.pid));
  const spawnerPids = new Set(spawners.map((entry) => entry.pid));
  // A fork of the spawner before its exec (argv still the spawner's, or not readable yet) is a call starting, not an escape.
  const starting = (entry: ProcessEntry): boolean => entry.argv.length === 0 || entry.argv[0] === spawner.path;
  const escaped = table.filter(
    (entry) => spawnerPids.has(entry.ppid) && !entry.dead && !launchers.has(entry.pid) && !starting(entry) && !spawner.livePids.has(innermostPid(entry.pid) ?? entry.pid),
  );
  return [...escaped, ...descendantsOf(table, new Set(escaped.map((entry) => entry.pid)))].filter((entry) => !entry.dead);
}

/** A process's pid in the innermost pid namespace it is in (`NSpid`'s last field), or null when unreadable. */
function innermostPid(pid: number): number | null {
  try {
    const line = readFileSync(`/proc/${String(pid)}/status`, 'utf8')
      .split('\n')
      .find((text) => text.startsWith('NSpid:'));
    const last = line?.split(/\s+/).at(-1);
    return last === undefined ? null : Number(last);
  } catch {
    return null;
  }
}
