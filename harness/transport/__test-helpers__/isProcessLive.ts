import { readFileSync } from 'node:fs';

/**
 * Whether `pid` names a live (not zombie) process. `process.kill(pid, 0)` alone
 * also succeeds on a killed zombie that nobody reaped yet (orphans go to PID 1,
 * which in some sandboxes reaps late), so on Linux the state in /proc decides.
 */
export function isProcessLive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 3, after the parenthesized command name, is the state.
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return process.platform !== 'linux';
  }
}
