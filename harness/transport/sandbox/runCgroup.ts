import { appendFileSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the run's cgroup measured and did, for the report. */
export interface CgroupRecord {
  /** `pids.max` set on the run's cgroup, or null where the pids controller is not delegated. */
  readonly pidsMax: number | null;
  /** `memory.max` in bytes, or null where the memory controller is not delegated. */
  readonly memoryMax: number | null;
  /** The most processes alive at once in the sandbox (`pids.peak`), or null where not measured. */
  readonly peakProcesses: number | null;
  /** The most memory the sandbox used (`memory.peak`, bytes), or null where not measured. */
  readonly peakMemoryBytes: number | null;
  /** Processes still in the cgroup when the run ended, all killed by `cgroup.kill`. */
  readonly killedAtEnd: number;
}

/** Limits of the run's cgroup: enough for any adapter's honest work, bounded against a fork bomb or a leak. */
export const CGROUP_LIMITS = Object.freeze({ pidsMax: 4_096, memoryMax: 8 * 1024 ** 3 });

/**
 * The run's cgroup (v2): every sandbox of the run joins it, so the kernel counts every process the
 * candidate starts whatever it does to its session or environment, and `cgroup.kill` ends them all.
 * Created under this process's own cgroup, removed by `close`.
 * @public
 */
export class RunCgroup {
  readonly path: string;
  readonly #limits: { pidsMax: number | null; memoryMax: number | null };

  private constructor(path: string, limits: { pidsMax: number | null; memoryMax: number | null }) {
    this.path = path;
    this.#limits = limits;
  }

  /**
   * Makes the run's cgroup `name` and sets the limits its delegated controllers allow.
   * @returns the cgroup, or why there is none (no cgroup v2, not writable here).
   */
  static create(name: string): RunCgroup | { readonly reason: string } {
    const mount = cgroup2Mount();
    if (mount === null) return { reason: 'no cgroup v2 hierarchy is mounted' };
    const own = readOrNull('/proc/self/cgroup')
      ?.split('\n')
      .find((line) => line.startsWith('0::'))
      ?.slice(3);
    if (own === undefined) return { reason: 'this process is in no cgroup v2' };
    const path = join(mount, own, name);
    try {
      mkdirSync(path);
    } catch (error) {
      return { reason: `cannot create a cgroup under ${join(mount, own)} (${(error as NodeJS.ErrnoException).code ?? String(error)})` };
    }
    const controllers = (readOrNull(join(path, 'cgroup.controllers')) ?? '').split(/\s+/);
    const limit = (controller: string, file: string, value: number): number | null => {
      if (!controllers.includes(controller)) return null;
      try {
        writeFileSync(join(path, file), String(value));
        return value;
      } catch {
        return null;
      }
    };
    return new RunCgroup(path, { pidsMax: limit('pids', 'pids.max', CGROUP_LIMITS.pidsMax), memoryMax: limit('memory', 'memory.max', CGROUP_LIMITS.memoryMax) });
  }

  /** The file a process writes its pid to, to join. */
  get procsFile(): string {
    return join(this.path, 'cgroup.procs');
  }

  /** The limits set. */
  get limits(): { readonly pidsMax: number | null; readonly memoryMax: number | null } {
    return this.#limits;
  }

  /** Pids of the processes in the cgroup now. */
  processes(): number[] {
    return (readOrNull(this.procsFile) ?? '')
      .split('\n')
      .filter((line) => line !== '')
      .map(Number);
  }

  /**
   * Kills every process in the cgroup (`cgroup.kill`), waits until it is empty, reads its peaks
   * and removes it.
   */
  close(): CgroupRecord {
    // The sandboxes' inits have ended (their spawners were ended first): what is still here a second later survived them.
    const settle = Date.now() + 1_000;
    while (this.processes().length > 0 && Date.now() < settle) sleepMs(10);
    const left = this.processes().length;
    const peakProcesses = numberOrNull(readOrNull(join(this.path, 'pids.peak')));
    const peakMemoryBytes = numberOrNull(readOrNull(join(this.path, 'memory.peak')));
    try {
      appendFileSync(join(this.path, 'cgroup.kill'), '1');
    } catch {
      // An old kernel without cgroup.kill: the sandboxes' pid namespaces have ended them already.
    }
    const deadline = Date.now() + 2_000;
    while (this.processes().length > 0 && Date.now() < deadline) sleepMs(10);
    try {
      rmdirSync(this.path);
    } catch {
      // Still populated after the wait: left for the system; its processes were sent SIGKILL.
    }
    return { ...this.#limits, peakProcesses, peakMemoryBytes, killedAtEnd: left };
  }
}

/** Where cgroup v2 is mounted (`/sys/fs/cgroup`, or `/sys/fs/cgroup/unified` on a hybrid system), or null. */
function cgroup2Mount(): string | null {
  const mounts = readOrNull('/proc/self/mountinfo');
  if (mounts === null) return null;
  for (const line of mounts.split('\n')) {
    const [before, after] = line.split(' - ');
    if (after?.startsWith('cgroup2 ') === true) return before?.split(' ')[4] ?? null;
  }
  return null;
}

function sleepMs(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function numberOrNull(text: string | null): number | null {
  const value = Number(text?.trim());
  return text === null || !Number.isFinite(value) ? null : value;
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}
