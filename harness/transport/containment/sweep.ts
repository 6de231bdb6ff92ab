import { readdirSync, readFileSync } from 'node:fs';
import { ensureLauncher, type ContainmentMode } from './launcher.js';
import { killEach, killUntilGone } from '../process.js';

/** One live process as `/proc` shows it. */
export interface ProcessEntry {
  readonly pid: number;
  readonly ppid: number;
  /** Zombie or dead: no longer running. */
  readonly dead: boolean;
  /** Its argv (empty when unreadable). */
  readonly argv: readonly string[];
  /** The `ADAPTER_QUALIFY_CALL` in its environment, or null (none, or unreadable). */
  readonly callMarker: string | null;
  /** The `ADAPTER_QUALIFY_SCRATCH` in its environment (the run it belongs to), or null. */
  readonly scratchMarker: string | null;
}

const MARKER = 'ADAPTER_QUALIFY_CALL=';
const SCRATCH_MARKER = 'ADAPTER_QUALIFY_SCRATCH=';

/**
 * A snapshot of every process visible in `/proc` except this one.
 * @returns the processes, or null where there is no `/proc` (not Linux).
 * @public
 */
export function readProcessTable(): ProcessEntry[] | null {
  if (process.platform !== 'linux') return null;
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return null;
  }
  const entries: ProcessEntry[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    const stat = readOrNull(`/proc/${name}/stat`);
    if (stat === null) continue; // exited meanwhile
    // Fields after the command name, which may itself hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const state = fields[0] ?? 'X';
    const pid = Number(name);
    const ppid = Number(fields[1] ?? 0);
    // A zombie has no argv or environment left to read; a run can leave hundreds of them (its calls' keepers,
    // orphaned to an init that reaps them in batches), so they are not read for nothing.
    if (state === 'Z' || state === 'X') {
      entries.push({ pid, ppid, dead: true, argv: [], callMarker: null, scratchMarker: null });
      continue;
    }
    entries.push({
      pid,
      ppid,
      dead: false,
      argv: (readOrNull(`/proc/${name}/cmdline`) ?? '').split('\0').filter((part) => part !== ''),
      ...markersOf(readOrNull(`/proc/${name}/environ`)),
    });
  }
  return entries;
}

/**
 * Every descendant of the `roots` in a snapshot (the roots excluded).
 * @param table - a snapshot.
 * @param roots - pids whose subtrees to collect.
 * @public
 */
export function descendantsOf(table: readonly ProcessEntry[], roots: ReadonlySet<number>): ProcessEntry[] {
  const children = new Map<number, ProcessEntry[]>();
  for (const entry of table) {
    const siblings = children.get(entry.ppid);
    if (siblings === undefined) children.set(entry.ppid, [entry]);
    else siblings.push(entry);
  }
  const found: ProcessEntry[] = [];
  const pending = [...roots];
  const seen = new Set<number>(roots);
  for (let pid = pending.pop(); pid !== undefined; pid = pending.pop()) {
    for (const child of children.get(pid) ?? []) {
      if (seen.has(child.pid)) continue;
      seen.add(child.pid);
      found.push(child);
      pending.push(child.pid);
    }
  }
  return found;
}

function markersOf(environ: string | null): Pick<ProcessEntry, 'callMarker' | 'scratchMarker'> {
  const variables = environ === null ? [] : environ.split('\0');
  const valueOf = (prefix: string): string | null => variables.find((variable) => variable.startsWith(prefix))?.slice(prefix.length) ?? null;
  return { callMarker: valueOf(MARKER), scratchMarker: valueOf(SCRATCH_MARKER) };
}

// EACCES (another user's process) and ENOENT (exited meanwhile) are both "not visible".
function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'latin1');
  } catch {
    return null;
  }
}

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
  const killed = killUntilGone(
    () => {
      const table = readProcessTable() ?? [];
      launcherPids = new Set(
        launcherProcesses(table)
          .filter((found) => found.tag === tag)
          .map(({ entry }) => entry.pid),
      );
      return descendantsOf(table, launcherPids).filter((entry) => !entry.dead && !launcherPids.has(entry.pid));
    },
    (entry) => entry.pid,
  );
  killEach([...launcherPids]);
  return { containment: 'subreaper-launcher', killed: killed.length };
}
