import { ensureLauncher, type ContainmentMode } from './ensureLauncher.js';
import { killEach } from './killEach.js';
import { launcherProcesses } from './launcherProcesses.js';
import { descendantsOf, readProcessTable } from './processTable.js';

/** What the end-of-run sweep found and did. */
export interface SweepResult {
  /** How processes were accounted for. */
  readonly containment: ContainmentMode;
  /** Processes started by the run's calls still alive at its end, all killed (null when they cannot be counted: `marker-scan`). */
  readonly killed: number | null;
  /** Why the count is missing, when it is. */
  readonly detail?: string;
}

const MAX_ROUNDS = 50;

/**
 * Kills every process still alive that a call of the run tagged `tag` started:
 * the descendants of the run's keepers, round after round (a killed process's
 * children are reparented to the keeper and found next round), then the keepers.
 * @param tag - the run's tag (see `runTag`).
 * @returns the count of adapter processes killed (launcher processes not counted).
 * @public
 */
export function sweepRunProcesses(tag: string): SweepResult {
  const launcher = ensureLauncher();
  if (launcher.mode === 'marker-scan') return { containment: 'marker-scan', killed: null, detail: launcher.reason };
  const killed = new Set<number>();
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const table = readProcessTable() ?? [];
    const keepers = launcherProcesses(table).filter((found) => found.tag === tag);
    const launcherPids = new Set(keepers.map(({ entry }) => entry.pid));
    const alive = descendantsOf(table, launcherPids).filter((entry) => !entry.dead && !launcherPids.has(entry.pid) && !killed.has(entry.pid));
    if (alive.length === 0) {
      killEach([...launcherPids]);
      break;
    }
    for (const pid of killEach(alive.map((entry) => entry.pid))) killed.add(pid);
  }
  return { containment: 'subreaper-launcher', killed: killed.size };
}
