/**
 * Sends `signal` to the process group led by `pid`. A group that is already
 * gone (ESRCH) or whose id now names someone else's group (EPERM) is not an error.
 * @returns true when the signal was delivered to at least one process.
 * @internal Used by the fault injector for SIGSTOP/SIGCONT.
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
