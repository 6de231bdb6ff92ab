import { killEach } from './killEach.js';

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
