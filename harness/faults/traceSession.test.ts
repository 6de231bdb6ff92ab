import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { withDir } from 'tmp-promise';
import { describe, expect, it } from 'vitest';
import { until } from '../__test-helpers__/until.js';
import { bounds } from '../transport/__test-helpers__/fixtureTarget.js';
import { runFaultedCall } from './runFaultedCall.js';
import type { CommandTarget } from '../transport/OperationTransport.js';
import { locateTracer } from './strace.js';
import { recordDurableSteps } from './traceSession.js';

const script = fileURLToPath(new URL('./__test-helpers__/publishRecord.mjs', import.meta.url));
const input = { action: 'submit', requestText: '{}' } as const;
const tracer = await locateTracer();
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function publisher(dir: string): CommandTarget {
  return { executable: process.execPath, argvPrefix: [script, dir], cwd: tmpdir(), env: {} };
}

describe.skipIf(tracer.method !== 'syscall')('syscall fault injection (the step tracer records and injects)', () => {
  const injector = tracer.method === 'syscall' ? tracer.injector : { python: '', script: '' };

  it('records the durable steps of a call in order, nothing the runtime does for itself', async () => {
    await withDir(
      async ({ path: dir }) => {
        const recorded = await recordDurableSteps(injector, publisher(dir), input, bounds());
        expect(recorded.record.stdout).toBe('done\n');
        const tail = dir.split('/').at(-1) ?? '';
        expect(recorded.steps.map((step) => step.description)).toEqual([
          // The step tracer prints only the flags that make an open a step.
          `openat("…/${tail}/record.tmp", O_CREAT|O_TRUNC)`,
          `write(…/${tail}/record.tmp, 11 bytes)`,
          `write(…/${tail}/record.tmp, 11 bytes)`,
          `fsync(…/${tail}/record.tmp)`,
          `rename("…/${tail}/record.tmp", "…/${tail}/record")`,
          expect.stringMatching(/^fsync\(…\/.*\)$/),
          'write(stdout, 5 bytes)',
        ]);
      },
      { unsafeCleanup: true },
    );
  });

  it('kills before a step runs, once the steps before it ran, and names the point', async () => {
    await withDir(
      async ({ path: dir }) => {
        const recordedIn = join(dir, 'recorded');
        mkdirSync(recordedIn);
        const { steps } = await recordDurableSteps(injector, publisher(recordedIn), input, bounds());
        const second = steps[2];
        if (second === undefined) throw new Error('too few steps recorded');
        const call = await runFaultedCall(publisher(dir), input, bounds(), { kind: 'kill-at', tracer: injector, step: second, of: steps.length });
        expect(call.faulted).toBe(true);
        expect(call.record.uncertainty).toBe('canceled');
        expect(call.record.uncertaintyDetail).toMatch(/step tracer before the 3rd of 7 durable steps \(after write\(…\/[^/]+\/record\.tmp, 11 bytes\)\)$/);
        expect((await call.site)?.onTarget).toBe(true);
        // The first write ran, the second did not: exactly the torn state between them.
        expect(readFileSync(join(dir, 'record.tmp'), 'utf8')).toBe('first half,');
        expect(existsSync(join(dir, 'record'))).toBe(false);
      },
      { unsafeCleanup: true },
    );
  });

  it('stops right after a step; the host times out; the process resumes once the hold settles', async () => {
    await withDir(
      async ({ path: dir }) => {
        const { steps } = await recordDurableSteps(injector, publisher(dir), input, bounds());
        const rename = steps.find((step) => step.syscall === 'rename');
        if (rename === undefined) throw new Error('no rename recorded');
        let release: () => void = () => {};
        const hold = new Promise<void>((resolve) => {
          release = resolve;
        });
        const call = await runFaultedCall(publisher(dir), input, bounds({ timeoutMs: 500 }), {
          kind: 'stop-at',
          tracer: injector,
          step: rename,
          of: steps.length,
          resumeAfterMs: 600,
          resumedTimeoutMs: 60_000,
          hold,
        });
        expect(call.faulted).toBe(true);
        expect(call.record.timedOut).toBe(true);
        // Stopped after the rename ran: the record appears, and the process stays stopped until released.
        expect(await until(() => existsSync(join(dir, 'record')), 20_000)).toBe(true);
        expect(await Promise.race([call.settled.then(() => 'settled'), sleep(300).then(() => 'held')])).toBe('held');
        release();
        const settled = await call.settled;
        expect(settled.stdout).toBe('done\n');
        expect(await call.site).toMatchObject({ onTarget: true, description: expect.stringMatching(/^rename\(.*\/record"\), 5th of 7 durable steps$/) });
      },
      { unsafeCleanup: true },
    );
  });
});

describe('without a usable tracer', () => {
  it('says why, for the timing fallback', async () => {
    const missing = await locateTracer('/nonexistent/python3');
    expect(missing).toEqual({ method: 'timing', reason: expect.stringContaining('no Python at /nonexistent/python3') });
  });
});
