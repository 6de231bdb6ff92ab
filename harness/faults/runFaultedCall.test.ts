import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { withDir } from 'tmp-promise';
import { describe, expect, it } from 'vitest';
import { bounds } from '../transport/__test-helpers__/fixtureTarget.js';
import { runFaultedCall } from './runFaultedCall.js';
import type { CommandTarget } from '../transport/OperationTransport.js';

const script = fileURLToPath(new URL('../transport/__test-helpers__/delayedTouch.mjs', import.meta.url));

function delayedTouch(delayMs: number, sentinel: string): CommandTarget {
  return { executable: process.execPath, argvPrefix: [script, String(delayMs), sentinel], cwd: tmpdir(), env: {} };
}

const input = { action: 'submit', requestText: '{}' } as const;

describe('runFaultedCall', () => {
  it('kill: SIGKILLs the group mid-call; the record is uncertain and says the fault plan killed it', async () => {
    await withDir(
      async ({ path }) => {
        const sentinel = join(path, 'ran');
        const call = await runFaultedCall(delayedTouch(2_000, sentinel), input, bounds(), { kind: 'kill', afterMs: 300 });
        expect(call.faulted).toBe(true);
        expect(call.record.uncertainty).toBe('canceled');
        expect(call.record.timedOut).toBe(false);
        expect(call.record.uncertaintyDetail).toMatch(/fault plan: SIGKILL to the process group 300 ms/);
        expect(call.record.endedAt - call.record.startedAt).toBeLessThan(1_900);
        expect(await call.settled).toBe(call.record);
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        expect(existsSync(sentinel)).toBe(false);
      },
      { unsafeCleanup: true },
    );
  });

  it('kill: a process that ended before the delay is left alone (faulted false, a plain record)', async () => {
    await withDir(
      async ({ path }) => {
        const call = await runFaultedCall(delayedTouch(0, join(path, 'ran')), input, bounds(), { kind: 'kill', afterMs: 5_000 });
        expect(call.faulted).toBe(false);
        expect(call.record.uncertainty).toBeNull();
        expect(call.record.stdout).toBe('{"done":true}');
      },
      { unsafeCleanup: true },
    );
  });

  it('pause: the host sees a timeout at its deadline; the resumed process runs on to its end', async () => {
    await withDir(
      async ({ path }) => {
        const sentinel = join(path, 'ran');
        // Stopped at 50 ms, before its 600 ms sleep ends; host deadline 400 ms; resumed at 900 ms.
        const call = await runFaultedCall(delayedTouch(600, sentinel), input, bounds({ timeoutMs: 400 }), {
          kind: 'pause',
          afterMs: 50,
          resumeAfterMs: 900,
          resumedTimeoutMs: 10_000,
        });
        expect(call.faulted).toBe(true);
        expect(call.record).toMatchObject({ uncertainty: 'timeout', timedOut: true, stdout: '', timeoutMs: 400 });
        expect(call.record.uncertaintyDetail).toMatch(/SIGSTOP 50 ms after spawn/);
        expect(existsSync(sentinel)).toBe(false);
        const settled = await call.settled;
        expect(settled.callId).toBe(call.record.callId);
        expect(settled.uncertainty).toBeNull();
        expect(settled.stdout).toBe('{"done":true}');
        // The timer kept counting while stopped, so the work landed right after the resume.
        expect(settled.endedAt - settled.startedAt).toBeGreaterThanOrEqual(850);
        expect(existsSync(sentinel)).toBe(true);
      },
      { unsafeCleanup: true },
    );
  });

  it('pause: a process still running long after the resume is killed (bounded)', async () => {
    await withDir(
      async ({ path }) => {
        const call = await runFaultedCall(delayedTouch(60_000, join(path, 'ran')), input, bounds({ timeoutMs: 200 }), {
          kind: 'pause',
          afterMs: 10,
          resumeAfterMs: 300,
          resumedTimeoutMs: 300,
        });
        expect(call.record.uncertainty).toBe('timeout');
        const settled = await call.settled;
        expect(settled.uncertainty).toBe('timeout');
        expect(settled.endedAt - settled.startedAt).toBeLessThan(5_000);
      },
      { unsafeCleanup: true },
    );
  });

  it('refuses an impossible pause plan', async () => {
    await expect(
      runFaultedCall(delayedTouch(0, '/nonexistent/x'), input, bounds({ timeoutMs: 500 }), { kind: 'pause', afterMs: 10, resumeAfterMs: 100, resumedTimeoutMs: 1_000 }),
    ).rejects.toThrow(TypeError);
  });
});
