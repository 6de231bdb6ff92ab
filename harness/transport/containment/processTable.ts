import { readdirSync, readFileSync } from 'node:fs';

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
    entries.push({
      pid: Number(name),
      ppid: Number(fields[1] ?? 0),
      dead: state === 'Z' || state === 'X',
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
