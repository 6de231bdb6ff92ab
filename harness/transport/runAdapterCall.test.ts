import { chmod, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withDir } from 'tmp-promise';
import { describe, expect, it } from 'vitest';
import { hostileFixturePath } from '../../adapters/hostile/hostileFixturePath.js';
import { bounds, fixtureTarget, isProcessLive } from './__test-helpers__/fixtureTarget.js';
import { runAdapterCall } from './runAdapterCall.js';

const RECORD_KEYS = [
  'callId',
  'action',
  'argv',
  'requestText',
  'startedAt',
  'endedAt',
  'exitCode',
  'signal',
  'timedOut',
  'stdout',
  'stdoutBytes',
  'stdoutTruncated',
  'stdoutInvalidUtf8',
  'stderrTail',
  'stderrTruncated',
  'stderrBytes',
  'timeoutMs',
  'maxOutputBytes',
  'uncertainty',
];

async function stillLiveAfter(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (isProcessLive(pid)) {
    if (Date.now() > until) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}

describe('runAdapterCall', () => {
  it('passes argv exactly (empty items kept), writes stdin exactly, exports a fresh call id', async () => {
    const requestText = '{"payload":"héllo ✓ 𝄞 \\u0000","x":""}';
    const target = fixtureTarget('argv-echo', ['', '--flag', ' spaced arg ', ''], { HOSTILE_ENV_MARKER: 'm-1' });
    const first = await runAdapterCall(target, { action: 'observe', requestText }, bounds());
    const second = await runAdapterCall(target, { action: 'submit', requestText: '' }, bounds());

    expect(first.uncertainty).toBeNull();
    expect(first.exitCode).toBe(0);
    expect(first.signal).toBeNull();
    expect(first.argv).toEqual([process.execPath, hostileFixturePath('argv-echo'), '', '--flag', ' spaced arg ', '', 'observe']);
    const echoed = JSON.parse(first.stdout) as Record<string, unknown>;
    expect(echoed).toEqual({
      argv: ['', '--flag', ' spaced arg ', '', 'observe'],
      stdin: requestText,
      call: first.callId,
      marker: 'm-1',
      cwd: target.cwd,
    });
    expect(first.stdoutBytes).toBe(Buffer.byteLength(first.stdout));
    expect(first.requestText).toBe(requestText);
    expect(JSON.parse(second.stdout)).toMatchObject({ argv: ['', '--flag', ' spaced arg ', '', 'submit'], stdin: '', call: second.callId });
    expect(second.callId).not.toBe(first.callId);
    expect(first.callId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('pins the ordered key set of a certain record (no undefined detail key)', async () => {
    const record = await runAdapterCall(fixtureTarget('argv-echo'), { action: 'submit', requestText: '{}' }, bounds());
    expect(Object.keys(record)).toEqual(RECORD_KEYS);
    expect(record.timeoutMs).toBe(10_000);
    expect(record.maxOutputBytes).toBe(1_048_576);
    expect(record.endedAt).toBeGreaterThanOrEqual(record.startedAt);
  });

  it('ends a hanging adapter at the deadline as timeout', async () => {
    const started = Date.now();
    const record = await runAdapterCall(fixtureTarget('hang'), { action: 'submit', requestText: '{}' }, bounds({ timeoutMs: 300 }));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(record).toMatchObject({ timedOut: true, uncertainty: 'timeout', exitCode: null, signal: 'SIGKILL' });
    expect(Object.keys(record)).toEqual(RECORD_KEYS);
  });

  it('caps a 1 GiB stdout flood at the bound plus one byte and kills it as output-overflow', async () => {
    const started = Date.now();
    const record = await runAdapterCall(fixtureTarget('flood-stdout'), { action: 'submit', requestText: '{}' }, bounds({ maxOutputBytes: 1_024 }));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(record).toMatchObject({
      uncertainty: 'output-overflow',
      stdoutTruncated: true,
      stdoutBytes: 1_025,
      stdoutInvalidUtf8: false,
      timedOut: false,
    });
    expect(record.stdout).toBe('x'.repeat(1_024));
  });

  it('drains a stderr flood written before stdin is read, keeping its last 65,536 bytes', async () => {
    const requestText = JSON.stringify({ blob: 'r'.repeat(1_000_000) });
    const record = await runAdapterCall(fixtureTarget('flood-stderr-before-stdin'), { action: 'submit', requestText }, bounds({ timeoutMs: 20_000 }));
    expect(record).toMatchObject({ uncertainty: null, exitCode: 0, stderrTruncated: true, timedOut: false });
    expect(JSON.parse(record.stdout)).toMatchObject({ stdinBytes: Buffer.byteLength(requestText) });
    expect(Buffer.byteLength(record.stderrTail)).toBe(65_536);
    expect(record.stderrTail.endsWith('eeeeEND-OF-STDERR\n')).toBe(true);
  });

  it('judges an adapter that exits 0 without reading a large stdin by its exit and stdout (no EPIPE failure)', async () => {
    const requestText = 'x'.repeat(1_000_000);
    const record = await runAdapterCall(fixtureTarget('never-reads-stdin'), { action: 'observe', requestText }, bounds());
    expect(record).toMatchObject({ uncertainty: null, exitCode: 0 });
    expect(JSON.parse(record.stdout)).toMatchObject({ state: 'unknown' });
  });

  it('flags invalid UTF-8 stdout and replaces the bad bytes', async () => {
    const record = await runAdapterCall(fixtureTarget('invalid-utf8'), { action: 'submit', requestText: '{}' }, bounds());
    expect(record).toMatchObject({ uncertainty: null, exitCode: 0, stdoutInvalidUtf8: true, stdoutBytes: 14 });
    expect(record.stdout).toBe('{"state":"\uFFFD\uFFFD"}');
  });

  it('returns 100,000-deep JSON untouched: parsing is not the transport’s job', async () => {
    const record = await runAdapterCall(fixtureTarget('deep-json'), { action: 'submit', requestText: '{}' }, bounds());
    expect(record).toMatchObject({ uncertainty: null, stdoutBytes: 200_000, stdoutTruncated: false });
    expect(record.stdout).toBe('['.repeat(100_000) + ']'.repeat(100_000));
  });

  it('classifies exit 7 with a valid-looking outcome as nonzero-exit', async () => {
    const record = await runAdapterCall(fixtureTarget('exit-7-valid-outcome'), { action: 'submit', requestText: '{}' }, bounds());
    expect(record).toMatchObject({ uncertainty: 'nonzero-exit', exitCode: 7, signal: null, timedOut: false });
    expect(JSON.parse(record.stdout)).toMatchObject({ state: 'unknown' });
  });

  it('classifies death by a signal the suite did not send as killed-by-signal', async () => {
    const record = await runAdapterCall(fixtureTarget('killed-by-signal'), { action: 'submit', requestText: '{}' }, bounds());
    expect(record).toMatchObject({ uncertainty: 'killed-by-signal', exitCode: null, signal: 'SIGKILL', timedOut: false });
  });

  it('ends a call whose grandchild holds stdout at the deadline, as a timeout, and kills it', async () => {
    await withDir(
      async ({ path }) => {
        const pidFile = join(path, 'grandchild.pid');
        const started = Date.now();
        const record = await runAdapterCall(fixtureTarget('grandchild-holds-stdout', [pidFile]), { action: 'submit', requestText: '{}' }, bounds({ timeoutMs: 1_500 }));
        // The grandchild sleeps 30 s: the call ends at its deadline (plus the group's kill), not at the grandchild's exit.
        expect(Date.now() - started).toBeLessThan(1_500 + 2 * 1_000 + 1_000);
        expect(record).toMatchObject({ uncertainty: 'timeout', exitCode: 0, timedOut: true });
        expect(record.uncertaintyDetail).toMatch(/stdout and stderr stayed open until it/);
        const grandchildPid = Number(await readFile(pidFile, 'utf8'));
        expect(grandchildPid).toBeGreaterThan(1);
        // SIGKILL delivery is asynchronous: allow a moment, far below the grandchild's 30 s sleep.
        expect(await stillLiveAfter(grandchildPid, 500)).toBe(false);
      },
      { unsafeCleanup: true },
    );
  });

  it('reads to EOF after the exit, however late it comes (no grace period cuts the answer off)', async () => {
    const target = { executable: process.execPath, argvPrefix: [fileURLToPath(new URL('./__test-helpers__/lateEof.mjs', import.meta.url))], cwd: tmpdir(), env: {} };
    const started = Date.now();
    const record = await runAdapterCall(target, { action: 'observe', requestText: '{}' }, bounds());
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    expect(record).toMatchObject({ uncertainty: null, exitCode: 0, timedOut: false });
    expect(JSON.parse(record.stdout)).toMatchObject({ state: 'unknown' });
  });

  it('starts no process for a pre-aborted signal', async () => {
    await withDir(
      async ({ path }) => {
        const sentinel = join(path, 'sentinel');
        const controller = new AbortController();
        controller.abort();
        const record = await runAdapterCall(fixtureTarget('sentinel-touch', [sentinel]), { action: 'submit', requestText: '{}' }, bounds({ signal: controller.signal }));
        expect(record).toMatchObject({ uncertainty: 'pre-aborted', exitCode: null, signal: null, timedOut: false, stdout: '', stdoutBytes: 0 });
        expect(record.endedAt).toBe(record.startedAt);
        expect(Object.keys(record)).toEqual([...RECORD_KEYS, 'uncertaintyDetail']);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await expect(stat(sentinel)).rejects.toMatchObject({ code: 'ENOENT' });

        // Control: the same call without the abort does create the sentinel.
        const ran = await runAdapterCall(fixtureTarget('sentinel-touch', [sentinel]), { action: 'submit', requestText: '{}' }, bounds());
        expect(ran.uncertainty).toBeNull();
        expect((await stat(sentinel)).isFile()).toBe(true);
      },
      { unsafeCleanup: true },
    );
  });

  it('kills the group when the signal aborts during the call, as canceled', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const started = Date.now();
    const record = await runAdapterCall(fixtureTarget('hang'), { action: 'submit', requestText: '{}' }, bounds({ signal: controller.signal }));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(record).toMatchObject({ uncertainty: 'canceled', timedOut: false, exitCode: null, signal: 'SIGKILL' });
  });

  it('reports a missing executable as spawn-failure with the error', async () => {
    const target = { executable: '/nonexistent/adapter-qualify-missing', argvPrefix: [], cwd: '/', env: {} };
    const record = await runAdapterCall(target, { action: 'submit', requestText: '{}' }, bounds());
    expect(record).toMatchObject({ uncertainty: 'spawn-failure', exitCode: null, signal: null });
    expect(record.uncertaintyDetail).toMatch(/ENOENT/);
  });

  it('reports a non-executable file as spawn-failure (EACCES)', async () => {
    await withDir(
      async ({ path }) => {
        const file = join(path, 'not-executable');
        await writeFile(file, '#!/bin/sh\necho hi\n');
        await chmod(file, 0o644);
        const record = await runAdapterCall({ executable: file, argvPrefix: [], cwd: path, env: {} }, { action: 'submit', requestText: '{}' }, bounds());
        expect(record).toMatchObject({ uncertainty: 'spawn-failure', exitCode: null });
        expect(record.uncertaintyDetail).toMatch(/EACCES/);
      },
      { unsafeCleanup: true },
    );
  });

  it('throws a TypeError for out-of-range bounds (a harness bug) before starting anything', async () => {
    await expect(runAdapterCall(fixtureTarget('hang'), { action: 'submit', requestText: '{}' }, bounds({ timeoutMs: 0 }))).rejects.toThrow(TypeError);
    await expect(runAdapterCall(fixtureTarget('hang'), { action: 'submit', requestText: '{}' }, bounds({ maxOutputBytes: 1_023 }))).rejects.toThrow(/maxOutputBytes/);
  });
});
