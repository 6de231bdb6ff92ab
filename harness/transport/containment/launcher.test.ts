import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { until } from '../../__test-helpers__/until.js';
import { findMarkedProcesses, reapMarkedProcesses } from '../../suite/markedProcesses.js';
import { bounds } from '../__test-helpers__/fixtureTarget.js';
import { runAdapterCall } from '../runAdapterCall.js';
import type { CommandTarget } from '../OperationTransport.js';
import { compileHelper } from './compileHelper.js';
import { nativeSources } from './nativeSources.js';
import { ensureLauncher, launchFailure, type LaunchCommand } from './launcher.js';
import { sweepRunProcesses } from './sweep.js';
import { runTag } from './environment.js';

function shell(script: string): CommandTarget {
  return { executable: '/bin/sh', argvPrefix: ['-c', script, 'adapter'], cwd: tmpdir(), env: {} };
}

/**
 * A script that starts `count` copies of `command`, each in a session of its own,
 * and answers only once every copy has left the call's process group: the call's
 * end kills that group, so an adapter answering first would race its own daemons.
 */
function daemonizing(command: string, count: number): string {
  const starts = Array.from({ length: count }, (_, index) => `setsid /bin/sh -c '/usr/bin/touch "$0"; exec ${command}' "$d/${index}" >/dev/null 2>&1 &`);
  return `d=$(mktemp -d); ${starts.join(' ')} until [ "$(ls "$d" | wc -l)" -eq ${count} ]; do sleep 0.01; done; rm -r "$d"; echo ok`;
}

/** Generous: conditions are polled, so this only bounds a failing test on a loaded machine. */
const SETTLE_MS = 30_000;

describe.runIf(process.platform === 'linux')('the per-call launcher', () => {
  it('is compiled here (gcc or cc), so calls are contained', () => {
    expect(ensureLauncher()).toMatchObject({ mode: 'subreaper-launcher' });
  });

  it.each([
    ['runs in the process the spawner forks, showing the command line an exec would', '', 'spawner'],
    ["is executed when its command line does not fit in the spawner's", 'x'.repeat(5_000), 'launcher'],
  ] as const)('%s', async (_, longArgument, image) => {
    const launcher = ensureLauncher();
    const spawner = compileHelper('aq-spawn', nativeSources('aq-spawn'));
    if (launcher.mode !== 'subreaper-launcher' || !('path' in spawner)) throw new Error('no launcher or spawner here');
    // The adapter's three ancestors (sacrificial parent, keeper, the suite's child): the image each runs, and its command line's head.
    const script = `p=$PPID; for i in 1 2 3; do readlink /proc/$p/exe; tr '\\0' '\\n' < /proc/$p/cmdline | head -n 3; p=$(cut -d' ' -f4 /proc/$p/stat); done`;
    const target = { ...shell(script), argvPrefix: ['-c', script, 'adapter', longArgument] };
    const record = await runAdapterCall(target, { action: 'submit', requestText: '{}' }, bounds());
    const ancestor = [image === 'spawner' ? spawner.path : launcher.path, launcher.path, runTag(), record.callId];
    expect(record.stdout.split('\n').slice(0, -1)).toEqual([...ancestor, ...ancestor, ...ancestor]);
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
    const record = await runAdapterCall(shell(daemonizing('/usr/bin/env -i /bin/sh -c "exec sleep 30"', 1)), { action: 'submit', requestText: '{}' }, bounds());
    expect(record.uncertainty).toBeNull();
    const calls = new Set([record.callId]);
    // Its exec chain (sh, env, sh, sleep) keeps one pid; wait for its last command line.
    expect(
      await until(
        () =>
          findMarkedProcesses(calls)
            ?.map((found) => found.cmdline)
            .join() === 'sleep 30',
        SETTLE_MS,
      ),
    ).toBe(true);
    expect(findMarkedProcesses(calls)).toEqual([expect.objectContaining({ callId: record.callId, cmdline: 'sleep 30' })]);
    expect(reapMarkedProcesses(calls)).toHaveLength(1);
    expect(findMarkedProcesses(calls)).toEqual([]);
  });

  it("sweeps what the run's calls left, daemonized or not, counting each process once", async () => {
    const script = daemonizing('sleep 30', 3);
    const records = await Promise.all([1, 2].map(() => runAdapterCall(shell(script), { action: 'submit', requestText: '{}' }, bounds())));
    expect(records.map((record) => record.uncertainty)).toEqual([null, null]);
    const calls = new Set(records.map((record) => record.callId));
    expect(await until(() => (findMarkedProcesses(calls) ?? []).length === 6, SETTLE_MS)).toBe(true);
    expect(sweepRunProcesses(runTag())).toEqual({ containment: 'subreaper-launcher', killed: 6 });
    expect(findMarkedProcesses(calls)).toEqual([]);
    expect(sweepRunProcesses(runTag()).killed).toBe(0);
  });

  it("with a status channel, tells the adapter's end there at once and exits only once what it left behind is gone", async () => {
    const launcher = ensureLauncher();
    if (launcher.mode !== 'subreaper-launcher') throw new Error(launcher.reason);
    const callId = randomUUID();
    // The adapter prints whether it sees the channel's variable, leaves a sleeper behind, and dies by SIGTERM.
    const script = 'echo "variable=${AQ_LAUNCH_STATUS_FD-unset}"; setsid sleep 1 >/dev/null 2>&1 & kill -TERM $$';
    const started = Date.now();
    const child = spawn(launcher.path, ['aq-status-test', callId, '/bin/sh', '-c', script], {
      stdio: ['ignore', 'pipe', 'ignore', 'pipe'],
      env: { PATH: process.env.PATH, AQ_LAUNCH_STATUS_FD: '3' },
    });
    const told = new Promise<{ text: string; atMs: number }>((resolve) => {
      let text = '';
      child.stdio[3]!.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stdio[3]!.on('end', () => resolve({ text, atMs: Date.now() - started }));
    });
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<{ signal: NodeJS.Signals | null; atMs: number }>((resolve) => child.once('exit', (_, signal) => resolve({ signal, atMs: Date.now() - started })));
    const status = await told;
    const exit = await exited;
    expect(status.text).toBe('signal 15\n');
    expect(stdout).toBe('variable=unset\n');
    // The launcher mirrors the adapter's end, once the sleeper (1 s) is gone: well after the status.
    expect(exit.signal).toBe('SIGTERM');
    expect(exit.atMs - status.atMs).toBeGreaterThanOrEqual(500);
    expect(findMarkedProcesses(new Set([callId])) ?? []).toEqual([]);
  });

  it('leaves processes of other runs alone', async () => {
    const launcher = ensureLauncher();
    if (launcher.mode !== 'subreaper-launcher') throw new Error(launcher.reason);
    const callId = randomUUID();
    const other = spawn(launcher.path, ['aq-other-run', callId, '/bin/sh', '-c', 'setsid sleep 30 & exit 0'], { stdio: 'ignore', detached: true });
    await new Promise((resolve) => other.once('exit', resolve));
    try {
      expect(await until(() => (findMarkedProcesses(new Set([callId])) ?? []).length === 1, SETTLE_MS)).toBe(true);
      expect(sweepRunProcesses(runTag()).killed).toBe(0);
      expect(findMarkedProcesses(new Set([callId]))).toHaveLength(1);
    } finally {
      expect(sweepRunProcesses('aq-other-run').killed).toBe(1);
    }
  });
});

const VIA_LAUNCHER: LaunchCommand = { file: '/launcher', args: [], viaLauncher: true };
const MESSAGE = 'aq-launch: cannot execute /x/outer.sh: No such file or directory\n';

describe('launchFailure', () => {
  it("reads the launcher's account of an adapter it could not execute", () => {
    expect(launchFailure(VIA_LAUNCHER, 127, 0, MESSAGE)).toBe('cannot execute /x/outer.sh: No such file or directory');
  });

  it('leaves an adapter that ran alone: another exit code, stdout written, other stderr, or no launcher', () => {
    expect(launchFailure(VIA_LAUNCHER, 1, 0, MESSAGE)).toBeNull();
    expect(launchFailure(VIA_LAUNCHER, 127, 5, MESSAGE)).toBeNull();
    expect(launchFailure(VIA_LAUNCHER, 127, 0, 'python: not found\n')).toBeNull();
    expect(launchFailure({ ...VIA_LAUNCHER, viaLauncher: false }, 127, 0, MESSAGE)).toBeNull();
  });
});
