/**
 * Sends `signal` to the process group led by `pid`. A group that is already
 * gone (ESRCH) or whose id now names someone else's group (EPERM) is not an error.
 * @returns true when the signal was delivered to at least one process.
 * @public
 */
export function signalProcessGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ESRCH' || code === 'EPERM') return false;
    throw error;
  }
}

/**
 * Sends SIGKILL to the whole process group led by `pid` (the adapter is spawned
 * detached, so it leads its own group). A group that is already gone is fine.
 * Descendants that left the group (setsid) are out of reach: killing the group is
 * no evidence that the adapter's providers stopped.
 * @param pid - the group leader's pid.
 * @returns true when the signal was delivered to at least one process.
 * @public
 */
export function killProcessGroup(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 1) {
    throw new TypeError(`killProcessGroup pid must be an integer above 1: received ${String(pid)} (${typeof pid}).`);
  }
  return signalProcessGroup(pid, 'SIGKILL');
}

/**
 * Sends SIGKILL to each pid (STOPped first, all of them, so none forks while its
 * siblings die).
 * @param pids - processes to kill.
 * @returns the pids the signal reached (a process gone meanwhile is skipped).
 * @public
 */
export function killEach(pids: readonly number[]): number[] {
  for (const pid of pids) signal(pid, 'SIGSTOP');
  return pids.filter((pid) => signal(pid, 'SIGKILL'));
}

function signal(pid: number, name: NodeJS.Signals): boolean {
  try {
    process.kill(pid, name);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

/** Bound on the whole loop: a SIGKILLed process still running (not yet a zombie) is waited for, never taken as gone. */
const SETTLE_MS = 10_000;
const POLL_MS = 10;
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Kills (SIGKILL) what `find` reports, pass after pass, until a pass finds nothing
 * alive. A `/proc` scan is not atomic, and a process killed while in `fork` may
 * leave a child that shows up only after the scan, reparented to a keeper: so
 * the loop ends only on a pass that finds no process at all (zombies aside),
 * not even one already signalled; one still dying is waited for, not counted
 * twice. Gives up after `SETTLE_MS` (a fork bomb, a process that will not die).
 * @param find - a fresh scan: the live (non-zombie) processes to kill.
 * @param pidOf - a found item's pid.
 * @returns the items whose process the signal reached, each once, in kill order.
 * @public
 */
export function killUntilGone<T>(find: () => readonly T[], pidOf: (item: T) => number): T[] {
  const killed = new Map<number, T>();
  const end = Date.now() + SETTLE_MS;
  for (;;) {
    const found = find();
    if (found.length === 0 || Date.now() > end) break;
    const fresh = found.filter((item) => !killed.has(pidOf(item)));
    if (fresh.length > 0) {
      const reached = new Set(killEach(fresh.map(pidOf)));
      for (const item of fresh) if (reached.has(pidOf(item))) killed.set(pidOf(item), item);
    } else {
      Atomics.wait(pause, 0, 0, POLL_MS); // only signalled processes left: let them die, then look again
    }
  }
  return [...killed.values()];
}
