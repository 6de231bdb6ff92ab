import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startVitest } from 'vitest/node';
import { type ProgressEvent, QualifyReporter, type ReportedTestCase, type ReportedTestModule } from './QualifyReporter.js';
import { evidence, meta } from './__test-helpers__/reportFixtures.js';

type FakeResult = ReturnType<ReportedTestCase['result']>;

function fakeTestCase(fullName: string, result: FakeResult, qualify?: unknown): ReportedTestCase {
  // Cast: the fake must carry malformed metas too, whatever TaskMeta augmentation is in scope.
  return { fullName, result: () => result, meta: () => (qualify === undefined ? {} : { qualify }) as ReturnType<ReportedTestCase['meta']> };
}

const passed: FakeResult = { state: 'passed', errors: undefined };
const failed = (message: string, name = 'Error'): FakeResult => ({ state: 'failed', errors: [{ message, name }] });

describe('QualifyReporter', () => {
  it('collects metas of every test and reports progress with family and cases', () => {
    const progress: ProgressEvent[] = [];
    const reporter = new QualifyReporter({ onProgress: (event) => progress.push(event) });
    const first = meta('REQ-CLOSED: t', evidence('REQ-CLOSED', { cases: 3 }));
    reporter.onTestCaseResult(fakeTestCase('REQ-CLOSED: t', passed, first));
    reporter.onTestCaseResult(fakeTestCase('untitled', passed));
    expect(reporter.collected()).toEqual({ metas: [first], failedTests: [], unhandledErrors: [] });
    expect(progress).toEqual([
      { testName: 'REQ-CLOSED: t', family: 'REQ', casesSoFar: 3, testsDone: 1, testsTotal: null, testsTotalFinal: false, callsSoFar: 0, familiesDone: 0, familiesTotal: null },
      { testName: 'untitled', family: '?', casesSoFar: 3, testsDone: 2, testsTotal: null, testsTotalFinal: false, callsSoFar: 0, familiesDone: 0, familiesTotal: null },
    ]);
  });

  it('takes the progress family from the clauses the test declares, not from the first evidence it recorded', () => {
    const progress: ProgressEvent[] = [];
    const reporter = new QualifyReporter({ onProgress: (event) => progress.push(event) });
    const semantics = { ...meta('SEM-OBSERVE-FRESH: t', evidence('OUT-JSON', { cases: 2 })), clauses: ['SEM-OBSERVE-FRESH' as const] };
    reporter.onTestCaseResult(fakeTestCase('SEM-OBSERVE-FRESH: t', passed, semantics));
    expect(progress[0]?.family).toBe('SEM');
  });

  it('ignores tests that --only filtered out: no meta, no progress', () => {
    const progress: ProgressEvent[] = [];
    const reporter = new QualifyReporter({ onProgress: (event) => progress.push(event) });
    reporter.onTestCaseResult(fakeTestCase('REQ-CLOSED: t', { state: 'skipped', errors: undefined, note: undefined }));
    expect(progress).toEqual([]);
    expect(reporter.collected()).toEqual({ metas: [], failedTests: [], unhandledErrors: [] });
  });

  it('treats a failed test with violations as an adapter failure, not a suite error', () => {
    const reporter = new QualifyReporter();
    const adapterFailure = meta('OUT-JSON: t', evidence('OUT-JSON', { cases: 1, violations: [{ message: 'two objects' }] }));
    reporter.onTestCaseResult(fakeTestCase('OUT-JSON: t', failed('adapter broke OUT-JSON', 'ClauseViolationError'), adapterFailure));
    expect(reporter.collected()).toEqual({ metas: [adapterFailure], failedTests: [], unhandledErrors: [] });
  });

  it('treats a failed test without violations (thrown, timed out, no meta) as a suite error with its message', () => {
    const reporter = new QualifyReporter();
    const partial = meta('SEM: t', evidence('SEM-OBSERVE-FRESH'));
    reporter.onTestCaseResult(fakeTestCase('suite > SEM: t', failed('x is undefined', 'TypeError'), partial));
    reporter.onTestCaseResult(fakeTestCase('suite > bare', failed('Test timed out in 5000ms.')));
    reporter.onTestCaseResult(fakeTestCase('suite > odd', passed, { testName: 7 }));
    expect(reporter.collected().failedTests).toEqual([
      { testName: 'SEM: t', error: 'TypeError: x is undefined' },
      { testName: 'suite > bare', error: 'Test timed out in 5000ms.' },
      { testName: 'suite > odd', error: 'the test stored a malformed task.meta.qualify (a suite bug)' },
    ]);
    expect(reporter.collected().metas).toEqual([partial]);
  });

  it('records unhandled errors, suite files that failed to load, and an interrupted run', () => {
    const reporter = new QualifyReporter();
    const broken: ReportedTestModule = { relativeModuleId: 'suites/req.suite.ts', errors: () => [{ message: 'SyntaxError: Unexpected token' }], children: { allTests: () => [] } };
    const fine: ReportedTestModule = { relativeModuleId: 'suites/out.suite.ts', errors: () => [], children: { allTests: () => [{ fullName: 'OUT-JSON: never finished' }] } };
    reporter.onTestRunEnd([broken, fine], [{ message: 'boom', name: 'RangeError' }], 'interrupted');
    expect(reporter.collected().unhandledErrors).toEqual([
      'suite file suites/req.suite.ts failed: SyntaxError: Unexpected token',
      'unhandled error: RangeError: boom',
      'the test run was interrupted before it finished',
    ]);
  });

  // What vitest reports when a worker thread ends mid-run (it names neither the worker nor its exit code).
  const workerLost = { name: 'Error', message: '[vitest-pool]: Worker threads emitted error.', cause: { name: 'Error', message: 'Worker exited unexpectedly' } };
  const moduleWith = (pending: readonly string[]): ReportedTestModule => ({
    relativeModuleId: 'suites/x.suite.ts',
    errors: () => [],
    children: { allTests: () => pending.map((fullName) => ({ fullName })) },
  });

  it('a lost worker is no suite error: each test it took with it is INCONCLUSIVE for its declared clauses, naming the loss', () => {
    const reporter = new QualifyReporter();
    reporter.onTestRunEnd([moduleWith(['REQ-CLOSED, OUT-JSON: died with its worker', 'SEM-OBSERVE-FRESH: queued behind it']), moduleWith([])], [workerLost], 'passed');
    const { metas, unhandledErrors, failedTests } = reporter.collected();
    expect(unhandledErrors).toEqual([]);
    expect(failedTests).toEqual([]);
    const reason = 'the suite worker running this test was lost before the test finished ([vitest-pool]: Worker threads emitted error.); its evidence was lost with it';
    expect(metas).toEqual([
      {
        testName: 'REQ-CLOSED, OUT-JSON: died with its worker',
        clauses: ['REQ-CLOSED', 'OUT-JSON'],
        evidence: [
          { clauseId: 'REQ-CLOSED', cases: 0, violations: [], inconclusive: reason },
          { clauseId: 'OUT-JSON', cases: 0, violations: [], inconclusive: reason },
        ],
      },
      { testName: 'SEM-OBSERVE-FRESH: queued behind it', clauses: ['SEM-OBSERVE-FRESH'], evidence: [{ clauseId: 'SEM-OBSERVE-FRESH', cases: 0, violations: [], inconclusive: reason }] },
    ]);
  });

  it('a worker thread V8 ended at its heap limit is a lost worker too', () => {
    const reporter = new QualifyReporter();
    const outOfMemory = { ...workerLost, cause: { name: 'Error', message: 'Worker terminated due to reaching memory limit: JS heap out of memory' } };
    reporter.onTestRunEnd([moduleWith(['OUT-JSON: read a flood'])], [outOfMemory], 'passed');
    const { metas, unhandledErrors } = reporter.collected();
    expect(unhandledErrors).toEqual([]);
    expect(metas.map((meta) => meta.evidence[0]?.inconclusive)).toEqual([expect.stringMatching(/^the suite worker running this test was lost before the test finished/)]);
  });

  it('a lost worker that took no test with it, a lost test that declares no clause, and any other pool error stay suite errors', () => {
    const none = new QualifyReporter();
    none.onTestRunEnd([moduleWith([])], [workerLost], 'passed');
    expect(none.collected().unhandledErrors).toEqual(['unhandled error: [vitest-pool]: Worker threads emitted error.']);
    const unnamed = new QualifyReporter();
    unnamed.onTestRunEnd([moduleWith(['no clause here'])], [workerLost], 'passed');
    expect(unnamed.collected().unhandledErrors).toEqual(['no clause here: lost with its worker ([vitest-pool]: Worker threads emitted error.), and its name declares no clause']);
    const other = new QualifyReporter();
    other.onTestRunEnd([moduleWith(['REQ-CLOSED: pending'])], [{ ...workerLost, cause: { message: 'Channel closed' } }], 'passed');
    expect(other.collected()).toMatchObject({ metas: [], unhandledErrors: ['unhandled error: [vitest-pool]: Worker threads emitted error.'] });
  });

  it("counts the run's suite files and selected tests as they are collected, so progress shows done/total", () => {
    const progress: ProgressEvent[] = [];
    const reporter = new QualifyReporter({ onProgress: (event) => progress.push(event) });
    const tests = (...modes: string[]) =>
      ({ children: { allTests: () => modes.map((mode) => ({ options: { mode } })) } }) as unknown as Parameters<QualifyReporter['onTestModuleCollected']>[0];
    reporter.onTestRunStart([{}, {}]);
    reporter.onTestModuleCollected(tests('run', 'skip', 'run'));
    expect(progress.at(-1)).toMatchObject({ testsTotal: 2, testsTotalFinal: false, familiesTotal: 2 });
    reporter.onTestModuleCollected(tests('skip', 'run'));
    expect(progress.at(-1)).toMatchObject({ testsTotal: 3, testsTotalFinal: true, familiesTotal: 2, familiesDone: 0 });
  });

  it('maps real vitest results the same way (startVitest on a fixture)', async () => {
    const progress: ProgressEvent[] = [];
    const reporter = new QualifyReporter({ onProgress: (event) => progress.push(event) });
    const vitest = await startVitest(
      'test',
      [],
      {
        root: fileURLToPath(new URL('./__test-helpers__/reporterFixture', import.meta.url)),
        config: false,
        watch: false,
        include: ['*.fixture.ts'],
        reporters: [reporter],
        cache: false,
      },
      {},
    );
    await vitest.close();
    const collected = reporter.collected();
    expect(collected.metas.map((entry) => entry.testName).sort()).toEqual(['OUT-JSON: adapter fails', 'REQ-CLOSED: passes', 'SEM-OBSERVE-FRESH: suite bug']);
    expect(collected.failedTests).toEqual([{ testName: 'SEM-OBSERVE-FRESH: suite bug', error: 'TypeError: cannot read x of undefined' }]);
    expect(collected.unhandledErrors).toEqual([]);
    // Every test and suite file counted out of a total that was known by then.
    const last = progress.at(-1);
    expect(last).toMatchObject({ testsDone: 3, testsTotal: 3, testsTotalFinal: true });
    expect(last?.familiesTotal).toBeGreaterThan(0);
    expect(last?.familiesDone).toBe(last?.familiesTotal);
  });
});

describe('QualifyReporter with --max-failures', () => {
  const failing = meta('REQ-CLOSED: t', evidence('REQ-CLOSED', { cases: 1, violations: [{ message: 'admitted "retry"' }] }));

  it('takes the stop vitest makes after N failing tests as asked for, not as an interruption', () => {
    const reporter = new QualifyReporter({ maxFailures: 1 });
    reporter.onTestCaseResult(fakeTestCase('REQ-CLOSED: t', failed('adapter broke REQ-CLOSED'), failing));
    reporter.onTestRunEnd([], [], 'interrupted');
    expect(reporter.stoppedAtMaxFailures()).toBe(true);
    expect(reporter.collected().unhandledErrors).toEqual([]);
  });

  it('still reports an interruption before N tests failed, or without the option', () => {
    const early = new QualifyReporter({ maxFailures: 2 });
    early.onTestCaseResult(fakeTestCase('REQ-CLOSED: t', failed('adapter broke REQ-CLOSED'), failing));
    early.onTestRunEnd([], [], 'interrupted');
    expect(early.stoppedAtMaxFailures()).toBe(false);
    expect(early.collected().unhandledErrors).toEqual(['the test run was interrupted before it finished']);
    const without = new QualifyReporter();
    without.onTestCaseResult(fakeTestCase('REQ-CLOSED: t', failed('adapter broke REQ-CLOSED'), failing));
    without.onTestRunEnd([], [], 'interrupted');
    expect(without.collected().unhandledErrors).toHaveLength(1);
  });
});
