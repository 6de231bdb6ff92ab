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
