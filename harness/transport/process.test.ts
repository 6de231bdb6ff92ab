import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { killProcessGroup } from './process.js';

describe('killProcessGroup', () => {
  it('kills a detached group and reports an empty group as not delivered', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { detached: true, stdio: 'ignore' });
    const exited = once(child, 'exit');
    const pid = child.pid;
    if (pid === undefined) throw new Error('spawn failed');
    expect(killProcessGroup(pid)).toBe(true);
    const [code, signal] = await exited;
    expect([code, signal]).toEqual([null, 'SIGKILL']);
    expect(killProcessGroup(pid)).toBe(false);
  });

  it('refuses pids that would signal more than one group', () => {
    expect(() => killProcessGroup(0)).toThrow(TypeError);
    expect(() => killProcessGroup(1)).toThrow(TypeError);
    expect(() => killProcessGroup(-5)).toThrow(TypeError);
  });
});
