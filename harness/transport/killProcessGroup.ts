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
  try {
    process.kill(-pid, 'SIGKILL');
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ESRCH: the group is empty. EPERM: the id now names someone else's group.
    if (code === 'ESRCH' || code === 'EPERM') return false;
    throw error;
  }
}
