import { tmpdir } from 'node:os';
import { hostileFixtureCommand, type HostileFixture } from '../../../adapters/hostile/hostileFixturePath.js';
import type { CallBounds, CommandTarget } from '../OperationTransport.js';
import { readFileSync } from 'node:fs';

/** A command target running one hostile fixture (`hostileFixtureCommand`), extra arguments after the script. */
export function fixtureTarget(name: HostileFixture, extraArgs: readonly string[] = [], env: Record<string, string> = {}): CommandTarget {
  return { ...hostileFixtureCommand(name, extraArgs), cwd: tmpdir(), env };
}

/** Call bounds with test-friendly defaults. */
export function bounds(overrides: Partial<CallBounds> = {}): CallBounds {
  return { timeoutMs: 10_000, maxOutputBytes: 1_048_576, signal: undefined, ...overrides };
}

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
