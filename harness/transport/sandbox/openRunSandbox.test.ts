import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../packageRoot.js';
import { bounds } from '../__test-helpers__/fixtureTarget.js';
import type { CommandTarget } from '../OperationTransport.js';
import { runAdapterCall } from '../runAdapterCall.js';
import { endThisThreadSpawner } from '../spawner.js';
import { openRunSandbox, probeSandboxSupport, SANDBOX_PROGRAM_VARIABLES, SANDBOX_UID, type RunSandbox, type RunSandboxRequest } from './openRunSandbox.js';
import { enterSandboxContext, sandboxedArgv } from './sandboxPlan.js';

const hasBubblewrap = process.platform === 'linux' && probeSandboxSupport().mechanism === 'bubblewrap';

function shell(script: string, cwd: string): CommandTarget {
  return { executable: '/bin/sh', argvPrefix: ['-c', script, 'adapter'], cwd, env: {} };
}

async function inSandbox(script: string, cwd: string): Promise<{ stdout: string; stderr: string; exitCode: number | null }> {
  const record = await runAdapterCall(shell(script, cwd), { action: 'submit', requestText: '{}' }, bounds({ timeoutMs: 30_000 }));
  return { stdout: record.stdout, stderr: record.stderrTail, exitCode: record.exitCode };
}

describe.runIf(hasBubblewrap)('the run sandbox (bubblewrap)', () => {
  let root: string;
  let request: RunSandboxRequest;
  let sandbox: RunSandbox;
  let leave: () => void;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'run-sandbox-test-'));
    for (const dir of ['state', 'work', 'out', 'adapter']) mkdirSync(join(root, dir));
    writeFileSync(join(root, 'work', 'transcript.part'), 'evidence\n');
    writeFileSync(join(root, 'adapter', 'adapter.sh'), 'echo adapter\n');
    request = {
      disabled: false,
      allowNetwork: false,
      state: [join(root, 'state')],
      hidden: [packageRoot, homedir(), join(root, 'work'), join(root, 'out')],
      exposed: [join(root, 'adapter')],
      tag: `test-${String(process.pid)}`,
      exchangeDir: join(root, 'work', 'exchange'),
    };
    sandbox = openRunSandbox(request);
    leave = enterSandboxContext(sandbox.plan);
  });
  afterAll(() => {
    endThisThreadSpawner();
    sandbox.close();
    leave();
    rmSync(root, { recursive: true, force: true });
  });

  it('runs the candidate as an unprivileged uid, in its own pid namespace: no process of the suite is visible', async () => {
    const { stdout } = await inSandbox('id -u; ls /proc | grep -c "^[0-9]"; cat /proc/1/cmdline | tr "\\0" " "', join(root, 'adapter'));
    const [uid, count] = stdout.split('\n');
    expect(Number(uid)).toBe(SANDBOX_UID);
    // Its own processes only: the sandbox's init, the spawner, the call's launcher processes, the shell and its pipeline.
    expect(Number(count)).toBeLessThan(15);
    // The suite's environment is out of reach: no /proc entry of the suite exists in the sandbox.
    const secrets = await inSandbox(
      `cat /proc/${String(process.pid)}/environ 2>&1; for p in /proc/[0-9]*; do cat $p/environ 2>/dev/null; done | tr '\\0' '\\n' | grep -c ADAPTER_QUALIFY_RUN_SANDBOX`,
      join(root, 'adapter'),
    );
    expect(secrets.stdout).not.toContain(process.env.PATH ?? 'no path');
    expect(secrets.stdout.trim().split('\n').at(-1)).toBe('0');
  });

  it("keeps the suite's spawner out of the candidate's reach: SIGSTOP and SIGKILL to it are dropped, the next call runs", async () => {
    const script = 'for p in /proc/[0-9]*; do case "$(readlink $p/exe)" in *aq-spawn*) kill -STOP ${p#/proc/}; kill -KILL ${p#/proc/}; echo "signalled ${p#/proc/}";; esac; done';
    const signalled = await inSandbox(script, join(root, 'adapter'));
    // The spawner runs in the sandbox as its PID 1, and the candidate found it (beside its own call's processes, forked from it).
    expect(signalled.stdout.split('\n')).toContain('signalled 1');
    const next = await inSandbox('echo next', join(root, 'adapter'));
    expect(next).toMatchObject({ stdout: 'next\n', exitCode: 0 });
  });

  it('starts a long-lived program (an ACP agent) in a sandbox of its own, in the directory asked, with nothing of its own on stderr', () => {
    const [file, ...args] = sandboxedArgv(sandbox.plan!, ['/bin/sh', '-c', 'pwd'], { chdir: join(root, 'adapter') });
    const ran = spawnSync(file, args, { encoding: 'utf8' });
    expect(ran.stdout).toBe(`${join(root, 'adapter')}\n`);
    // bubblewrap warns there when given --chdir twice: the candidate's stderr is evidence (ACP-LIFE-STDERR).
    expect(ran.stderr).toBe('');
  });

  it('shows the root read-only, its state and a private /tmp writable, and hides the suite, the home, the work and report directories', async () => {
    const script = [
      `touch /usr/x 2>/dev/null && echo usr-writable || echo usr-read-only`,
      `touch ${join(root, 'state', 'ledger')} && echo state-writable`,
      `touch /tmp/x && echo tmp-writable`,
      `ls -A ${packageRoot} | wc -l`,
      // The home shows only the way to the suite's own helpers, bound back read-only.
      `ls -A ${homedir()} | grep -v '^.cache$' | wc -l`,
      `cat ${join(root, 'work', 'transcript.part')} 2>/dev/null || echo work-hidden`,
      `cat ${join(root, 'adapter', 'adapter.sh')}`,
    ].join('; ');
    const { stdout } = await inSandbox(script, join(root, 'adapter'));
    expect(stdout.split('\n').slice(0, -1)).toEqual(['usr-read-only', 'state-writable', 'tmp-writable', expect.stringMatching(/^[0-9]+$/), '0', 'work-hidden', 'echo adapter']);
    // The package root shows only what was bound back (package.json, nothing of the suite's own sources).
    expect(Number(stdout.split('\n')[3])).toBeLessThanOrEqual(1);
  });

  it('has no network but loopback', async () => {
    const { stdout } = await inSandbox("tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' '", join(root, 'adapter'));
    expect(stdout.trim().split('\n')).toEqual(['lo']);
  });

  it('leaves no process alive once the sandbox ends: a daemon in its own session included', async () => {
    // The call kills its process group when it ends: the script waits until the daemon has left
    // it (setsid runs before sleep is executed), or a busy host could kill it before it detached.
    const daemon = 'setsid sleep 300 </dev/null >/dev/null 2>&1 & pid=$!; until [ "$(cat /proc/$pid/comm 2>/dev/null)" = sleep ]; do sleep 0.01; done; echo started';
    const { stdout } = await inSandbox(daemon, join(root, 'adapter'));
    expect(stdout).toBe('started\n');
    const pgrep = (): string[] =>
      execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' })
        .split('\n')
        .filter((line) => / sleep 300$/.test(line));
    await expect.poll(() => pgrep().length, { timeout: 10_000, interval: 20 }).toBe(1);
    endThisThreadSpawner();
    await expect.poll(pgrep, { timeout: 10_000, interval: 50 }).toEqual([]);
  });
});

describe.runIf(hasBubblewrap)('the run sandbox with a report directory inside the adapter directory', () => {
  it('hides the report directory on top of the adapter directory bound back', async () => {
    const root = mkdtempSync(join(tmpdir(), 'run-sandbox-nested-test-'));
    mkdirSync(join(root, 'adapter', 'report'), { recursive: true });
    writeFileSync(join(root, 'adapter', 'report', 'acceptance.json'), '{}');
    const sandbox = openRunSandbox({
      disabled: false,
      allowNetwork: false,
      state: [],
      hidden: [homedir(), join(root, 'adapter', 'report')],
      exposed: [join(root, 'adapter')],
      tag: `nested-${String(process.pid)}`,
      exchangeDir: join(root, 'exchange'),
    });
    const leave = enterSandboxContext(sandbox.plan);
    try {
      const { stdout, exitCode } = await inSandbox(`ls -A ${join(root, 'adapter')}; ls -A ${join(root, 'adapter', 'report')} | wc -l`, join(root, 'adapter'));
      expect({ stdout, exitCode }).toEqual({ stdout: 'report\n0\n', exitCode: 0 });
    } finally {
      endThisThreadSpawner();
      leave();
      sandbox.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe.runIf(process.platform === 'linux')('where the kernel or the installation says no', () => {
  it('records no sandbox, and why, when neither bubblewrap nor unshare can be used', () => {
    const saved = Object.values(SANDBOX_PROGRAM_VARIABLES).map((name) => [name, process.env[name]] as const);
    for (const [name] of saved) process.env[name] = '';
    try {
      const sandbox = openRunSandbox({ disabled: false, allowNetwork: false, state: [], hidden: [], exposed: [], tag: 'none', exchangeDir: join(tmpdir(), 'unused') });
      expect(sandbox.plan).toBeNull();
      expect(sandbox.missing).toEqual([expect.stringMatching(/^no sandbox: .*bubblewrap is not installed.*unshare is not installed/)]);
      expect(sandbox.close()).toMatchObject({ mechanism: 'none', disabled: false, namespaces: { user: false, pid: false, mount: false, network: false } });
    } finally {
      for (const [name, value] of saved) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it('says so when disabled (--no-sandbox)', () => {
    const sandbox = openRunSandbox({ disabled: true, allowNetwork: false, state: [], hidden: [], exposed: [], tag: 'off', exchangeDir: join(tmpdir(), 'unused') });
    expect(sandbox.plan).toBeNull();
    expect(sandbox.close()).toMatchObject({ mechanism: 'none', disabled: true, missing: [expect.stringMatching(/--no-sandbox/)] });
  });
});
