import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnDirectly, startProcess, type SpawnRequest, type StartedProcess } from './spawner.js';

const NOT_EXECUTABLE = join(tmpdir(), `adapter-qualify-spawner-test-${String(process.pid)}`);
afterAll(() => rmSync(NOT_EXECUTABLE, { force: true }));

function sh(script: string, input = '', env: Record<string, string> = {}): SpawnRequest {
  return { file: '/bin/sh', args: ['-c', script, 'sh'], cwd: tmpdir(), env, input: Buffer.from(input, 'latin1') };
}

async function started(request: SpawnRequest, start = startProcess): Promise<StartedProcess> {
  const result = await start(request);
  if (result.kind !== 'started') throw new Error(`not started: ${result.message}`);
  return result;
}

/** Everything a process wrote, as latin1 (so any byte survives), and its exit. */
async function run(request: SpawnRequest, start = startProcess) {
  const process = await started(request, start);
  try {
    const [stdout, stderr, exit] = await Promise.all([text(process.stdout.setEncoding('latin1')), text(process.stderr.setEncoding('latin1')), process.exited]);
    return { stdout, stderr, exit };
  } finally {
    process.release();
  }
}

/** The spawner processes of this process (each thread that called has one). */
function spawners(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return stat.includes('(aq-spawn)') && Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === process.pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

// Both ways of starting a process keep the same promises.
describe.each([
  ['the spawner', startProcess],
  ['a direct spawn', spawnDirectly],
] as const)('starting a process through %s', (_, start) => {
  it('relays stdout and stderr byte for byte (NUL and invalid UTF-8 included), and the exit code', async () => {
    const result = await run(sh(String.raw`cat; printf 'a\000\377' >&2; exit 3`, 'in\0put\xff'), start);
    expect(result).toEqual({ stdout: 'in\0put\xff', stderr: 'a\0\xff', exit: { code: 3, signal: null, lost: null } });
  });

  it('writes a request larger than a pipe holds to a process that reads it slowly', async () => {
    const input = 'x'.repeat(3 * 2 ** 20);
    const result = await run(sh('sleep 0.2; wc -c', input), start);
    expect(result.stdout.trim()).toBe(String(input.length));
  });

  it('passes exactly the argv and environment asked for, in a new session, in the working directory', async () => {
    const result = await run(
      { file: '/bin/sh', args: ['-c', 'printf "%s|" "$0" "$@"; env; pwd; ps -o sid= -p $$; echo $$', 'zero', '', 'two words'], cwd: '/', env: { ONLY: 'this' }, input: Buffer.alloc(0) },
      start,
    );
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe('zero||two words|ONLY=this');
    expect(lines).toContain('/');
    const [sid, pid] = lines.slice(-3, -1).map((line) => line.trim());
    expect(sid).toBe(pid);
  });

  it('reports the signal of a killed process, and kill() kills it', async () => {
    const process = await started(sh('sleep 30'), start);
    process.kill();
    expect(await process.exited).toEqual({ code: null, signal: 'SIGKILL', lost: null });
    process.release();
  });

  it('is no failure when the process exits without reading its stdin', async () => {
    const process = await started(sh('exit 0', 'y'.repeat(2 ** 20)), start);
    const failures: string[] = [];
    process.onStdinFailure((detail) => failures.push(detail));
    await Promise.all([text(process.stdout), text(process.stderr)]);
    expect(await process.exited).toMatchObject({ code: 0 });
    process.release();
    expect(failures).toEqual([]);
  });

  it.each([
    ['a missing file', { file: '/nonexistent/adapter-qualify-missing', cwd: '/' }, /ENOENT/],
    ['a missing working directory', { file: '/bin/true', cwd: '/nonexistent/adapter-qualify-missing' }, /ENOENT/],
    ['a file that is not executable', { file: NOT_EXECUTABLE, cwd: '/' }, /EACCES/],
  ])('reports %s as a spawn error', async (__, { file, cwd }, message) => {
    if (file === NOT_EXECUTABLE) writeFileSync(file, '#!/bin/sh\necho hi\n', { mode: 0o644 });
    const result = await start({ file, args: [], cwd, env: {}, input: Buffer.alloc(0) });
    expect(result).toMatchObject({ kind: 'spawn-error', message: expect.stringMatching(message) as string });
  });
});

describe.runIf(process.platform === 'linux')('the spawner', () => {
  it('gives a started process no descriptor but its stdio', async () => {
    const result = await run(sh('ls /proc/self/fd'));
    // ls itself holds one more: the directory it lists.
    expect(result.stdout.split('\n').filter((line) => line !== '').length).toBe(4);
  });

  it('keeps many concurrent processes apart', async () => {
    const results = await Promise.all(Array.from({ length: 40 }, (_, index) => run(sh(`cat; echo ${String(index)} >&2`, `call ${String(index)}\n`.repeat(5_000)))));
    results.forEach((result, index) => {
      expect(result.stdout).toBe(`call ${String(index)}\n`.repeat(5_000));
      expect(result.stderr).toBe(`${String(index)}\n`);
    });
  });

  it('answers every call it had when it dies: an unknown status, and output that failed', async () => {
    const process = await started(sh('sleep 30'));
    const [output, errors] = [process.stdout, process.stderr].map((stream) =>
      text(stream).then(
        () => 'ended',
        (error: Error) => error.message,
      ),
    );
    for (const pid of spawners()) globalThis.process.kill(pid, 'SIGKILL');
    expect(await process.exited).toMatchObject({ code: null, signal: null, lost: expect.stringMatching(/spawner exited/) as string });
    expect(await output).toMatch(/spawner exited/);
    expect(await errors).toMatch(/spawner exited/);
    process.release();
    // The next call starts a new one.
    expect((await run(sh('echo again'))).stdout).toBe('again\n');
  });

  it('closes every pipe of an ended call by itself, stdin left unread included', async () => {
    await run(sh('true'));
    const [spawner] = spawners();
    const descriptors = (): number => readdirSync(`/proc/${String(spawner)}/fd`).length;
    const before = descriptors();
    // Exits without reading a stdin larger than a pipe holds: the spawner's write fails (EPIPE) after the exit.
    await Promise.all(Array.from({ length: 20 }, () => run(sh('exit 3', 'x'.repeat(1_048_576)))));
    await expect.poll(descriptors, { timeout: 10_000, interval: 50 }).toBe(before);
  });

  it('adopts and reaps what its processes orphan, leaving no zombie for init', async () => {
    // The shell starts a child that outlives it: orphaned, it goes to the spawner, not to init.
    const result = await run(sh('sleep 2 </dev/null >/dev/null 2>&1 & echo $!'));
    const orphan = Number(result.stdout.trim());
    const parentOf = (pid: number): number | null => {
      try {
        const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      } catch {
        return null;
      }
    };
    expect(spawners()).toContain(parentOf(orphan));
    // Once it exits, it is gone from the process table, not left a zombie.
    await expect.poll(() => existsSync(`/proc/${String(orphan)}`), { timeout: 10_000, interval: 50 }).toBe(false);
  });
});
