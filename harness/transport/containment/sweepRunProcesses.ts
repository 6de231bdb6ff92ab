import { ensureLauncher, type ContainmentMode } from './ensureLauncher.js';
import { killEach } from './killEach.js';
import { killUntilGone } from './killUntilGone.js';
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

/**
 * Kills every process still alive that a call of the run tagged `tag` started:
 * the descendants of the run's keepers, pass after pass until a pass finds none
 * (a killed process's children are reparented to the keeper and found next pass),
 * then the keepers, once nothing is left that could still be reparented to them.
 * @param tag - the run's tag (see `runTag`).
 * @returns the count of adapter processes killed (launcher processes not counted).
 * @public
 */
export function sweepRunProcesses(tag: string): SweepResult {
  const launcher = ensureLauncher();
  if (launcher.mode === 'marker-scan') return { containment: 'marker-scan', killed: null, detail: launcher.reason };
  let launcherPids = new Set<number>();
  const killed = killUntilGone(() => {
    const table = readProcessTable() ?? [];
    launcherPids = new Set(launcherProcesses(table).filter((found) => found.tag === tag).map(({ entry }) => entry.pid));
    return descendantsOf(table, launcherPids).filter((entry) => !entry.dead && !launcherPids.has(entry.pid));
  }, (entry) => entry.pid);
  killEach([...launcherPids]);
  return { containment: 'subreaper-launcher', killed: killed.length };
}
