import { readdirSync, readFileSync } from 'node:fs';

/**
 * Every live descendant of `root`, found through the parent pid in
 * `/proc/<pid>/stat` (Linux). The qualification runs spawn adapters in process
 * groups of their own, so killing a run's group alone would leave them behind.
 * Read this before killing anything: orphans are re-parented and drop out.
 * @internal
 * @param root - the ancestor's pid
 * @returns the descendants' pids (empty without `/proc`)
 */
export function descendantPids(root: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const children = new Map<number, number[]>();
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentOf(entry);
    if (parent === null) continue;
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const pending = [root];
  for (let pid = pending.pop(); pid !== undefined; pid = pending.pop()) {
    for (const child of children.get(pid) ?? []) {
      found.push(child);
      pending.push(child);
    }
  }
  return found;
}

// The command name may hold spaces and parentheses: the fields start after the last ')'.
function parentOf(pid: string): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const parent = Number(fields[1]);
    return Number.isInteger(parent) ? parent : null;
  } catch {
    return null;
  }
}
