import { readdirSync, readFileSync } from 'node:fs';

/** A live process whose environment carries the marker of one of the given calls. */
export interface MarkedProcess {
  readonly pid: number;
  /** The `ADAPTER_QUALIFY_CALL` it carries. */
  readonly callId: string;
  /** Its command line, arguments joined by spaces (capped). */
  readonly cmdline: string;
}

const MARKER = 'ADAPTER_QUALIFY_CALL=';
const MAX_CMDLINE = 300;

/**
 * Finds live processes carrying `ADAPTER_QUALIFY_CALL=<id>` for one of
 * `callIds`, by reading `/proc/<pid>/environ` where permitted (an adapter's
 * descendants inherit its environment unless they scrub it). Zombies and
 * unreadable processes are skipped.
 * @param callIds - the calls whose markers count.
 * @returns the processes found, or null where there is no `/proc` (not Linux).
 * @public
 */
export function findMarkedProcesses(callIds: ReadonlySet<string>): MarkedProcess[] | null {
  if (callIds.size === 0) return process.platform === 'linux' ? [] : null;
  return scanProcessEnvironments((environ) => {
    const callId = markerOf(environ);
    return callId !== null && callIds.has(callId) ? callId : null;
  });
}

/**
 * Live processes (zombies and unreadable ones skipped) whose `/proc/<pid>/environ`
 * `match` accepts, each with what `match` returned for it.
 * @param match - returns a label for a matching environment (NUL-separated), null otherwise.
 * @returns the processes found, or null where there is no `/proc` (not Linux).
 * @internal
 */
export function scanProcessEnvironments(match: (environ: string) => string | null): MarkedProcess[] | null {
  if (process.platform !== 'linux') return null;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return null;
  }
  const found: MarkedProcess[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    const environ = readOrNull(`/proc/${entry}/environ`);
    const callId = environ === null ? null : match(environ);
    if (callId === null || isZombie(entry)) continue;
    const cmdline = (readOrNull(`/proc/${entry}/cmdline`) ?? '').split('\0').filter((part) => part !== '').join(' ');
    found.push({ pid, callId, cmdline: cmdline.length > MAX_CMDLINE ? `${cmdline.slice(0, MAX_CMDLINE)}…` : cmdline });
  }
  return found;
}

function markerOf(environ: string | null): string | null {
  if (environ === null) return null;
  const entry = environ.split('\0').find((variable) => variable.startsWith(MARKER));
  return entry === undefined ? null : entry.slice(MARKER.length);
}

function isZombie(pid: string): boolean {
  const stat = readOrNull(`/proc/${pid}/stat`);
  if (stat === null) return true; // gone meanwhile
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state === 'Z' || state === 'X';
}

// EACCES (another user's process) and ENOENT (exited meanwhile) are both "not visible".
function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'latin1');
  } catch {
    return null;
  }
}
