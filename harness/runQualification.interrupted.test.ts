import { describe, expect, it } from 'vitest';
import { temporaryRoot } from './__test-helpers__/temporaryRoot.js';
import { interruptedRun, type SignalPoint } from './__test-helpers__/interruptedRun.js';
import { INTERRUPTED_EXIT_CODE } from './runInterruption.js';

// SIGTERM or SIGINT at any moment of a run of a conformant adapter, at rest: a report within 10 s of the
// signal, and nothing the suite itself ended (its own kill of the calls in flight) booked as the adapter's
// answer. The same points beside two busy loops per core: runQualification.interrupted.load.test.ts
// (`npm run test:load`).

const root = temporaryRoot('interrupted-run');

const IN_THE_RUN = [
  ['SIGTERM', 0],
  ['SIGINT', 4_000],
  ['SIGTERM', 12_000],
  ['SIGINT', 25_000],
] as const;

describe('an interrupted run, at rest', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s during the CLI start-up gives an interrupted report, exit code 4, no adapter process started, nothing judged',
    async (signal) => {
      const { exitCode, report } = await interruptedRun(root(), `start-up-${signal}`, signal, { kind: 'start-up' });
      expect(exitCode).toBe(INTERRUPTED_EXIT_CODE);
      expect(report.run.interrupted).toBe(signal);
      expect(report.clauses.filter((entry) => entry.verdict === 'PASS' || entry.verdict === 'FAIL')).toEqual([]);
      expect(report.suiteErrors.join('\n')).toContain('before any test was judged');
    },
    120_000,
  );

  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s while the suite starts (vitest adds its own listener, before any hook of the run) gives an interrupted report, exit code 4',
    async (signal) => {
      const { exitCode, report } = await interruptedRun(root(), `vitest-start-up-${signal}`, signal, { kind: 'vitest-start-up' });
      expect(exitCode).toBe(INTERRUPTED_EXIT_CODE);
      expect(report.run.interrupted).toBe(signal);
      expect(report.clauses.filter((entry) => entry.verdict === 'PASS' || entry.verdict === 'FAIL')).toEqual([]);
    },
    120_000,
  );

  it.each(IN_THE_RUN)(
    '%s %i ms after the first call gives an interrupted report within 10 s that blames nothing on the adapter',
    async (signal, afterMs) => {
      const point: SignalPoint = { kind: 'after-first-call', ms: afterMs };
      const { exitCode, report } = await interruptedRun(root(), `rest-${signal}-${afterMs}`, signal, point);
      expect(exitCode).toBe(INTERRUPTED_EXIT_CODE);
      expect(report.run.interrupted).toBe(signal);
    },
    120_000,
  );

  it('in a test that reads a killed call as a refusal (REQ-BOUNDARY-ACCEPT), books no FAIL for the calls the suite killed', async () => {
    const { exitCode } = await interruptedRun(root(), 'boundary-accept', 'SIGTERM', { kind: 'after-first-call', ms: 1_000 }, ['--only', '^REQ-BOUNDARY-ACCEPT$']);
    expect(exitCode).toBe(INTERRUPTED_EXIT_CODE);
  }, 120_000);

  it('SIGTERM while the report is made: the report (interrupted, or complete when it was already built) within 10 s', async () => {
    const { exitCode, report } = await interruptedRun(root(), 'report-write', 'SIGTERM', { kind: 'report-write' }, ['--only', '^REQ-BOUNDARY-ACCEPT$']);
    if (report.run.interrupted === undefined) expect(exitCode).toBe(0);
    else expect(exitCode).toBe(INTERRUPTED_EXIT_CODE);
  }, 300_000);
});
