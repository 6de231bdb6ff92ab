import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { until } from '../../__test-helpers__/until.js';
import { findMarkedProcesses } from '../../suite/findMarkedProcesses.js';
import { reapMarkedProcesses } from '../../suite/reapMarkedProcesses.js';
import { bounds } from '../__test-helpers__/fixtureTarget.js';
import { runAdapterCall } from '../runAdapterCall.js';
import type { CommandTarget } from '../types.js';
import { ensureLauncher } from './ensureLauncher.js';
import { sweepRunProcesses } from './sweepRunProcesses.js';
import { runTag } from './runContext.js';

function shell(script: string): CommandTarget {
  return { executable: '/bin/sh', argvPrefix: ['-c', script, 'adapter'], cwd: tmpdir(), env: {} };
}


describe.runIf(process.platform === 'linux')('the per-call launcher', () => {
  it('is compiled here (gcc or cc), so calls are contained', () => {
    expect(ensureLauncher()).toMatchObject({ mode: 'subreaper-launcher' });
  });

  it("reports the adapter's own exit code and signal, and its stdout", async () => {
    expect(await runAdapterCall(shell('echo out; exit 3'), { action: 'submit', requestText: '{}' }, bounds())).toMatchObject({
      exitCode: 3,
      signal: null,
      stdout: 'out\n',
      uncertainty: 'nonzero-exit',
    });
    expect(await runAdapterCall(shell('kill -TERM $$'), { action: 'submit', requestText: '{}' }, bounds())).toMatchObject({
      exitCode: null,
      signal: 'SIGTERM',
      uncertainty: 'killed-by-signal',
    });
  });

  it('gives the adapter a sacrificial parent: killing it harms no suite process, and the answer still counts', async () => {
    const record = await runAdapterCall(shell('kill -KILL $PPID; sleep 0.2; echo answered'), { action: 'observe', requestText: '{}' }, bounds());
    expect(record).toMatchObject({ exitCode: 0, signal: null, stdout: 'answered\n', uncertainty: null });
  });

  it('keeps a descendant that cleared its environment and left the session findable under the call, and reaps it', async () => {
    const record = await runAdapterCall(shell('setsid /usr/bin/env -i /bin/sh -c "exec sleep 30" >/dev/null 2>&1 & echo ok'), { action: 'submit', requestText: '{}' }, bounds());
    expect(record.uncertainty).toBeNull();
    const calls = new Set([record.callId]);
    expect(await until(() => (findMarkedProcesses(calls) ?? []).length === 1, 3_000)).toBe(true);
    expect(findMarkedProcesses(calls)).toEqual([expect.objectContaining({ callId: record.callId, cmdline: 'sleep 30' })]);
    expect(reapMarkedProcesses(calls)).toHaveLength(1);
    expect(await until(() => (findMarkedProcesses(calls) ?? []).length === 0, 3_000)).toBe(true);
  });

  it("sweeps what the run's calls left, daemonized or not, counting each process once", async () => {
    const script = 'for i in 1 2 3; do setsid sleep 30 >/dev/null 2>&1 & done; echo ok';
    const records = await Promise.all([1, 2].map(() => runAdapterCall(shell(script), { action: 'submit', requestText: '{}' }, bounds())));
    const calls = new Set(records.map((record) => record.callId));
    expect(await until(() => (findMarkedProcesses(calls) ?? []).length === 6, 3_000)).toBe(true);
    expect(sweepRunProcesses(runTag())).toEqual({ containment: 'subreaper-launcher', killed: 6 });
    expect(await until(() => (findMarkedProcesses(calls) ?? []).length === 0, 3_000)).toBe(true);
    expect(sweepRunProcesses(runTag()).killed).toBe(0);
  });

  it('leaves processes of other runs alone', async () => {
    const launcher = ensureLauncher();
    if (launcher.mode !== 'subreaper-launcher') throw new Error(launcher.reason);
    const callId = randomUUID();
    const other = spawn(launcher.path, ['aq-other-run', callId, '/bin/sh', '-c', 'setsid sleep 30 & exit 0'], { stdio: 'ignore', detached: true });
    await new Promise((resolve) => other.once('exit', resolve));
    try {
      expect(await until(() => (findMarkedProcesses(new Set([callId])) ?? []).length === 1, 3_000)).toBe(true);
      expect(sweepRunProcesses(runTag()).killed).toBe(0);
      expect(findMarkedProcesses(new Set([callId]))).toHaveLength(1);
    } finally {
      expect(sweepRunProcesses('aq-other-run').killed).toBe(1);
    }
  });
});

// Keeps the compiler honest: the embedded source compiles without warnings.
describe.runIf(process.platform === 'linux')('the launcher source', () => {
  it('compiles cleanly with -Wall -Wextra', async () => {
    const { LAUNCHER_SOURCE } = await import('./launcherSource.js');
    const output = execFileSync('gcc', ['-Wall', '-Wextra', '-fsyntax-only', '-x', 'c', '-'], { input: LAUNCHER_SOURCE, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
    expect(output).toBe('');
  });
});
