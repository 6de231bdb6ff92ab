import { describe, expect, it } from 'vitest';
import { temporaryRoot } from './__test-helpers__/temporaryRoot.js';
import { interruptedRun, busyLoopsDuringThisBlock } from './__test-helpers__/interruptedRun.js';
import { INTERRUPTED_EXIT_CODE } from './runInterruption.js';

// The interrupted run of runQualification.interrupted.test.ts beside two busy loops per core: the report is
// due within 10 s of the signal whatever the load. Its own npm script (`npm run test:load`), never beside the
// other test files: its loops would slow every test running at the same time.

const root = temporaryRoot('interrupted-run-load');

describe('an interrupted run beside two busy loops per core', () => {
  busyLoopsDuringThisBlock();

  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s during the CLI start-up gives an interrupted report within 10 s',
    async (signal) => {
      const { exitCode, report } = await interruptedRun(root(), `start-up-${signal}`, signal, { kind: 'start-up' });
      expect(exitCode).toBe(INTERRUPTED_EXIT_CODE);
      expect(report.run.interrupted).toBe(signal);
    },
    180_000,
  );

  it('SIGTERM while the suite starts (vitest adds its own listener) gives an interrupted report within 10 s', async () => {
    const { exitCode, report } = await interruptedRun(root(), 'vitest-start-up', 'SIGTERM', { kind: 'vitest-start-up' });
    expect(exitCode).toBe(INTERRUPTED_EXIT_CODE);
    expect(report.run.interrupted).toBe('SIGTERM');
  }, 180_000);

  it.each([
    ['SIGTERM', 0],
    ['SIGINT', 4_000],
    ['SIGTERM', 12_000],
    ['SIGINT', 25_000],
  ] as const)(
    '%s %i ms after the first call gives an interrupted report within 10 s that blames nothing on the adapter',
    async (signal, afterMs) => {
      const { exitCode, report } = await interruptedRun(root(), `busy-${signal}-${afterMs}`, signal, { kind: 'after-first-call', ms: afterMs });
      expect(exitCode).toBe(INTERRUPTED_EXIT_CODE);
      expect(report.run.interrupted).toBe(signal);
    },
    300_000,
  );

  it('SIGTERM while the report is made gives the report within 10 s', async () => {
    const { exitCode, report } = await interruptedRun(root(), 'report-write', 'SIGTERM', { kind: 'report-write' }, ['--only', '^REQ-BOUNDARY-ACCEPT$']);
    expect(exitCode).toBe(report.run.interrupted === undefined ? 0 : INTERRUPTED_EXIT_CODE);
  }, 600_000);
});
