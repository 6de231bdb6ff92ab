import { ensureLauncher } from './ensureLauncher.js';
import type { ProcessEntry } from './processTable.js';

/** A process running the launcher (its keeper, sacrificial parent or the suite's child), by its argv. */
export interface LauncherProcess {
  readonly entry: ProcessEntry;
  readonly tag: string;
  readonly callId: string;
}

/**
 * The launcher processes in a snapshot, with the run tag and call id on their
 * command lines (the launcher never execs itself, so its argv stays as the suite wrote it).
 * @param table - a snapshot.
 * @returns none when this process has no launcher (`marker-scan`).
 * @public
 */
export function launcherProcesses(table: readonly ProcessEntry[]): LauncherProcess[] {
  const launcher = ensureLauncher();
  if (launcher.mode !== 'subreaper-launcher') return [];
  const found: LauncherProcess[] = [];
  for (const entry of table) {
    const [file, tag, callId] = entry.argv;
    if (file === launcher.path && tag !== undefined && callId !== undefined) found.push({ entry, tag, callId });
  }
  return found;
}
