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
    const processes = new Map();
    for (const name of readdirSync('/proc')) {
      if (!/^[0-9]+$/.test(name)) continue;
      try {
        // The command line before the size: a process that execs in between is then judged by its old command line,
        // whose pages (its parent's, below) are not counted.
        const cmdline = readFileSync(`/proc/${name}/cmdline`, 'latin1');
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        processes.set(Number(name), { parent: Number(fields[1]), rss: Number(fields[21]) * 4096, cmdline });
      } catch {
        // the process ended meanwhile
      }
    }
    const rss = new Map();
    const parents = new Map();
    const excluded = new Set();
    for (const [pid, { parent, rss: bytes, cmdline }] of processes) {
      parents.set(pid, parent);
      if (excludeNames.length > 0 && excludeNames.includes(basename(cmdline.split('\0')[0] ?? ''))) excluded.add(pid);
      // A child with its parent's command line has forked and not yet exec'd (or is exiting with no command line):
      // its resident pages are its parent's, copy-on-write, and counting them again would count that memory twice.
      const forkedNotExeced = pid !== rootPid && (cmdline === '' || cmdline === processes.get(parent)?.cmdline);
      rss.set(pid, forkedNotExeced ? 0 : bytes);
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

/**
 * The peak RSS of one process (its kernel high-water mark, VmHWM), read every
 * 200 ms: exact whatever the interval, since the kernel keeps the peak, and one
 * small read per sample, where walking /proc every 50 ms (`watchTreeMemory`) took
 * about 0.1 s of a 4.7 s `verify`. For a process that starts no others.
 * @param {number} pid
 * @returns {() => number} stops polling and returns the last peak read, in bytes
 */
export function watchPeakRss(pid) {
  let peak = 0;
  const sample = () => {
    try {
      const kib = /^VmHWM:\s+([0-9]+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'latin1'))?.[1];
      if (kib !== undefined) peak = Math.max(peak, Number(kib) * 1024);
    } catch {
      // the process ended meanwhile
    }
  };
  const timer = setInterval(sample, 200);
  return () => {
    clearInterval(timer);
    sample();
    return peak;
  };
}
