import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withDir } from 'tmp-promise';
import { describe, expect, it } from 'vitest';
import { until } from '../__test-helpers__/until.js';
import { builtReference } from '../../adapters/reference/__test-helpers__/builtAdapter.js';
import { bindingOf, submitText } from '../../adapters/reference/__test-helpers__/requests.js';
import { bounds } from '../transport/__test-helpers__/fixtureTarget.js';
import { durableSteps } from './durableSteps.js';
import { locateTracer, parseStraceLog } from './strace.js';
import { faultInLog, locateStepTracer, stepTracerArgv, type StepFault } from './stepTracer.js';
import { straceInstalled, straceRecording } from './__test-helpers__/straceRecording.js';

const helper = (name: string): string => fileURLToPath(new URL(`./__test-helpers__/${name}`, import.meta.url));
const tracer = await locateTracer();
const NONE: StepFault = { kind: 'kill', after: 1_000_000 };

/** Runs argv under the step tracer (null: only recording), synchronously: its exit, its stdout and its log. */
function traced(fault: StepFault | null, argv: readonly string[], input = ''): { status: number | null; signal: string | null; stdout: string; log: string } {
  if (tracer.method !== 'syscall') throw new Error('no tracer');
  const logFile = join(tmpdir(), `step-tracer-test-${process.pid}-${Math.random().toString(36).slice(2)}.log`);
  const [file, ...args] = stepTracerArgv(tracer.injector, logFile, fault, argv);
  const run = spawnSync(file, args, { input, encoding: 'utf8', timeout: 60_000 });
  const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
  return { status: run.status, signal: run.signal, stdout: run.stdout, log };
}

describe.skipIf(tracer.method !== 'syscall')('the step tracer', () => {
  it('kills after exactly N durable steps however many other writes come first (noise never moves the point)', async () => {
    for (const noise of [0, 7, 40]) {
      await withDir(
        async ({ path: dir }) => {
          const run = traced({ kind: 'kill', after: 2 }, [process.execPath, helper('noisyPublisher.mjs'), dir, String(noise)]);
          expect(run.signal).toBe('SIGKILL');
          expect(faultInLog(run.log)).toMatchObject({ signal: 'SIGKILL', after: 2 });
          // Steps 1 and 2 (the open, the first write) ran; step 3 (the second write) did not.
          expect(readFileSync(join(dir, 'record.tmp'), 'utf8')).toBe('first half,');
          expect(existsSync(join(dir, 'record'))).toBe(false);
        },
        { unsafeCleanup: true },
      );
    }
  });

  it('kills before the first step with N = 0: nothing of the call happens', async () => {
    await withDir(
      async ({ path: dir }) => {
        const run = traced({ kind: 'kill', after: 0 }, [process.execPath, helper('noisyPublisher.mjs'), dir, '3']);
        expect(run.signal).toBe('SIGKILL');
        expect(existsSync(join(dir, 'record.tmp'))).toBe(false);
      },
      { unsafeCleanup: true },
    );
  });

  // strace is the witness: without it (`.ci/run` installs it) the comparison is skipped, not passed.
  it.skipIf(!straceInstalled())('counts the steps strace records, for the reference adapter’s first submit (the two classifiers agree)', async () => {
    if (tracer.method !== 'syscall') return;
    await withDir(
      async ({ path: dir }) => {
        const adapter = builtReference(dir);
        const target = { executable: adapter.file, argvPrefix: adapter.args, cwd: tmpdir(), env: {} };
        // The ledger's first call creates its directories, which no later call does: both compared calls come after it.
        spawnSync(adapter.file, [...adapter.args, 'submit'], { input: submitText(bindingOf('Op-First', { n: 1 }), { n: 1 }) });
        const recorded = await straceRecording(target, { action: 'submit', requestText: submitText(bindingOf('Op-Strace', { n: 1 }), { n: 1 }) }, bounds());
        // Both ways the tracer runs: through a seccomp filter (a kill never reached), and recording (no filter).
        for (const [fault, id] of [
          [NONE, 'Op-Step'],
          [null, 'Op-Record'],
        ] as const) {
          const run = traced(fault, [adapter.file, ...adapter.args, 'submit'], submitText(bindingOf(id, { n: 1 }), { n: 1 }));
          expect(run.status).toBe(0);
          expect(run.stdout).toContain('"state":"accepted"');
          const steps = durableSteps(parseStraceLog(run.log));
          // The tracer marks the steps it counts; this module finds the same ones in its log, and strace the same syscalls.
          expect(steps.length).toBe((run.log.match(/ <step \d+>$/gm) ?? []).length);
          expect(steps.map((step) => step.syscall)).toEqual(recorded.map((step) => step.syscall));
          expect(steps.length).toBeGreaterThan(3);
        }
      },
      { unsafeCleanup: true },
    );
  });

  it.each([
    ['a kill', NONE],
    ['a stop', { kind: 'stop', after: 1_000_000 }],
    ['a recording', null],
  ] as const)('lets no process escape it in %s: clone with CLONE_UNTRACED is refused (EPERM), clone3 is absent (ENOSYS)', (_mode, fault) => {
    const script = [
      'import ctypes, os',
      'libc = ctypes.CDLL(None, use_errno=True)',
      "clone = {'x86_64': 56, 'aarch64': 220}[os.uname().machine]",
      'pid = libc.syscall(clone, 0x00800000 | 17, 0, 0, 0, 0)',
      'if pid == 0: os._exit(0)',
      'if pid > 0: os.waitpid(pid, 0)',
      "print('clone-untraced', 'started' if pid > 0 else os.strerror(ctypes.get_errno()), flush=True)",
      'pid = libc.syscall(435, 0, 0)',
      "print('clone3', 'started' if pid >= 0 else os.strerror(ctypes.get_errno()), flush=True)",
    ].join('\n');
    const run = traced(fault, [tracer.method === 'syscall' ? tracer.injector.python : 'python3', '-I', '-c', script]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('clone-untraced Operation not permitted\nclone3 Function not implemented\n');
  });

  it('ends as the traced process did: its exit code, or its signal', () => {
    expect(traced(NONE, [process.execPath, '-e', 'process.exitCode = 3']).status).toBe(3);
    expect(traced(NONE, [process.execPath, '-e', 'process.kill(process.pid, "SIGTERM")']).signal).toBe('SIGTERM');
    expect(traced(NONE, ['/nonexistent/adapter']).status).toBe(127);
  });

  it('follows a process the call left behind while the fault is still ahead: its steps count', async () => {
    await withDir(
      async ({ path: dir }) => {
        const file = join(dir, 'late');
        const run = traced(NONE, [process.execPath, helper('leaveChild.mjs'), file]);
        expect(run.status).toBe(0);
        // The tracer ended only once the child it still followed had: the child's write is in its log.
        expect(readFileSync(file, 'utf8')).toBe('late');
        expect(run.log).toMatch(/ write\(\d+<[^>]*\/late>, "", 4\) = 4 <step \d+>$/m);
      },
      { unsafeCleanup: true },
    );
  });

  it('ends a recording with the call’s first process: what it left behind runs on untraced', async () => {
    if (tracer.method !== 'syscall') return;
    await withDir(
      async ({ path: dir }) => {
        const file = join(dir, 'late');
        const go = join(dir, 'go');
        // The child writes only once told to, after the recording: a tracer that waited for it would never return.
        const run = traced(null, [process.execPath, helper('leaveChild.mjs'), file, go]);
        expect(run.status).toBe(0);
        expect(run.stdout).toBe('done\n');
        expect(run.log).toMatch(/ write\(1<[^>]*>, "", 5\) = 5 <step \d+>$/m);
        writeFileSync(go, '');
        expect(await until(() => existsSync(file), 20_000)).toBe(true);
        expect(readFileSync(file, 'utf8')).toBe('late');
        expect(run.log).not.toMatch(/\/late>/);
      },
      { unsafeCleanup: true },
    );
  });

  it('releases what the call left behind once the fault is behind it, to run on untraced', async () => {
    if (tracer.method !== 'syscall') return;
    await withDir(
      async ({ path: dir }) => {
        const file = join(dir, 'late');
        const logFile = join(dir, 'trace.log');
        // Stopped right after its answer (its one durable step), then resumed: the child is released, not held.
        const [command, ...args] = stepTracerArgv(tracer.injector, logFile, { kind: 'stop', after: 1 }, [process.execPath, helper('leaveChild.mjs'), file]);
        const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
        const ended = new Promise<number | null>((resolve) => child.once('exit', resolve));
        expect(await until(() => existsSync(logFile) && faultInLog(readFileSync(logFile, 'utf8')) !== null, 20_000)).toBe(true);
        child.kill('SIGCONT');
        expect(await ended).toBe(0);
        expect(await until(() => existsSync(file), 20_000)).toBe(true);
        expect(readFileSync(file, 'utf8')).toBe('late');
        expect(readFileSync(logFile, 'utf8')).not.toMatch(/\/late>/);
      },
      { unsafeCleanup: true },
    );
  });
});

describe('the step tracer, where it cannot run', () => {
  it('says why, for the timing fallback', async () => {
    expect(await locateStepTracer('/nonexistent/python3')).toEqual(expect.stringContaining('no Python at /nonexistent/python3'));
  });

  it('reads no fault from a log without one', () => {
    expect(faultInLog('12 write(1<pipe:[3]>, "", 5) = 5 <step 1>\n')).toBeNull();
  });
});
