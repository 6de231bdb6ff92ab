// Peak memory of a process tree, polled from /proc: shared by the benchmarks.
import { readFileSync, readdirSync } from 'node:fs';
import { basename } from 'node:path';

/**
 * Polls every 50 ms the summed RSS of `rootPid` and its descendants, leaving out
 * the subtree of any process whose argv[0] is named in `excludeNames`.
 * @param {number} rootPid
 * @param {{ excludeNames?: readonly string[], atPeak?: { root: number, descendants: number } }} [options] - `atPeak`, when given,
 *   is filled with the split of the peak: the root process's own RSS and its counted descendants', in bytes
 * @returns {() => number} stops polling and returns the peak, in bytes
 */
export function watchTreeMemory(rootPid, { excludeNames = [], atPeak } = {}) {
  let peak = 0;
  const sample = () => {
    const parents = new Map();
    const rss = new Map();
    const excluded = new Set();
    for (const name of readdirSync('/proc')) {
      if (!/^[0-9]+$/.test(name)) continue;
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const pid = Number(name);
        parents.set(pid, Number(fields[1]));
        rss.set(pid, Number(fields[21]) * 4096);
        if (excludeNames.length > 0 && excludeNames.includes(basename(readFileSync(`/proc/${name}/cmdline`, 'latin1').split('\0')[0] ?? ''))) excluded.add(pid);
      } catch {
        // the process ended meanwhile
      }
    }
    let total = 0;
    for (const [pid, bytes] of rss) {
      for (let at = pid; at !== undefined && at > 1; at = parents.get(at)) {
        if (excluded.has(at)) break;
        if (at === rootPid) {
          total += bytes;
          break;
        }
      }
    }
    if (total > peak && atPeak !== undefined) {
      atPeak.root = rss.get(rootPid) ?? 0;
      atPeak.descendants = total - atPeak.root;
    }
    peak = Math.max(peak, total);
  };
  const timer = setInterval(sample, 50);
  return () => {
    clearInterval(timer);
    return peak;
  };
}
