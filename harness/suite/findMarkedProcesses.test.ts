import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { until } from '../__test-helpers__/until.js';
import { isProcessLive } from '../transport/__test-helpers__/isProcessLive.js';
import { findMarkedProcesses } from './findMarkedProcesses.js';
import { reapMarkedProcesses } from './reapMarkedProcesses.js';

function markedSleeper(callId: string): number {
  const child = spawn('sleep', ['30'], { detached: true, stdio: 'ignore', env: { ...process.env, ADAPTER_QUALIFY_CALL: callId } });
  child.unref();
  if (child.pid === undefined) throw new Error('sleep did not start');
  return child.pid;
}


describe.runIf(process.platform === 'linux')('findMarkedProcesses / reapMarkedProcesses', () => {
  it('finds a detached process by the call marker it inherited, and only for the given calls; reaping kills it', async () => {
    const marked = randomUUID();
    const other = randomUUID();
    const pid = markedSleeper(marked);
    const bystander = markedSleeper(other);
    try {
      expect(await until(() => (findMarkedProcesses(new Set([marked])) ?? []).length > 0, 2_000)).toBe(true);
      expect(findMarkedProcesses(new Set([marked]))).toEqual([{ pid, callId: marked, cmdline: 'sleep 30' }]);
      expect(findMarkedProcesses(new Set([randomUUID()]))).toEqual([]);

      expect(reapMarkedProcesses(new Set([marked])).map((found) => found.pid)).toEqual([pid]);
      expect(await until(() => !isProcessLive(pid), 2_000)).toBe(true);
      expect(findMarkedProcesses(new Set([marked]))).toEqual([]);
      expect(isProcessLive(bystander)).toBe(true);
      expect(reapMarkedProcesses(new Set([marked]))).toEqual([]);
    } finally {
      reapMarkedProcesses(new Set([marked, other]));
    }
  });
});
