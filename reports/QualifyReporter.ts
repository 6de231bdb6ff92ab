import type { Reporter, SerializedError, TestCase, TestModule, TestRunEndReason, TestState } from 'vitest/node';
import { clause, type ClauseId, isClauseId } from '../harness/clauses.js';
import { declaredClauses } from '../harness/suite/testNames.js';
import type { QualifyTestMeta } from '../harness/evidence/types.js';
import type { FailedTest } from './buildReport.js';
import { isJsonObject } from '../harness/protocol/jsonValues.js';

/** What the reporter collected, ready for `buildReport`. */
export interface QualifyCollection {
  readonly metas: readonly QualifyTestMeta[];
  /** Tests that failed without recording a violation: suite errors. */
  readonly failedTests: readonly FailedTest[];
  /** Errors outside any test (unhandled errors, suite files that failed to load, an interrupted run), each a full message. */
  readonly unhandledErrors: readonly string[];
}

/** Options of {@link QualifyReporter}. */
export interface QualifyReporterOptions {
  /** Called after each finished test, e.g. to draw a progress line on a TTY. @defaultValue none */
  readonly onProgress?: ((progress: ProgressEvent) => void) | undefined;
  /** `--max-failures N`: vitest stops the run (as interrupted) after N failed tests; that stop is asked for, not an error. @defaultValue none */
  readonly maxFailures?: number | undefined;
}

/** The slice of vitest's `TestCase` the reporter reads (lets tests pass plain objects). */
export type ReportedTestCase = Pick<TestCase, 'fullName' | 'meta' | 'result'> & Partial<Pick<TestCase, 'diagnostic'>>;

/** The slice of vitest's `TestModule` the reporter reads. */
export type ReportedTestModule = Pick<TestModule, 'relativeModuleId' | 'errors'> & {
  /** Its tests; those still pending when the run ends never finished. */
  readonly children: { allTests(state: 'pending'): Iterable<Pick<TestCase, 'fullName'>> };
};

/** Shown for a test that recorded no evidence (it titles nothing we may parse). */
const UNKNOWN_FAMILY = '?';

// Which vitest states can carry a suite error: a full Record, so a state vitest adds cannot pass unjudged.
const mayBeSuiteError = {
  passed: false,
  failed: true,
  skipped: false,
  pending: false,
} as const satisfies Record<TestState, boolean>;

/**
 * The vitest reporter of the conformance run. It reads each test's
 * `task.meta.qualify` (never its title), separates adapter failures (a failed
 * test with violations) from suite errors (a failed test without any), and
 * hands the collection to `buildReport` through {@link QualifyReporter.collected}.
 */
export class QualifyReporter implements Reporter {
  readonly #onProgress: ((progress: ProgressEvent) => void) | undefined;
  readonly #metas: QualifyTestMeta[] = [];
  readonly #failedTests: FailedTest[] = [];
  readonly #unhandledErrors: string[] = [];
  #testsDone = 0;
  #casesSoFar = 0;
  #callsSoFar = 0;
  #familiesDone = 0;
  #familiesTotal: number | null = null;
  #familiesCollected = 0;
  #testsSelected: number | null = null;
  #lastTestName = '';
  #lastFamily = UNKNOWN_FAMILY;

  readonly #maxFailures: number | undefined;
  #failingTests = 0;
  #stoppedAtMaxFailures = false;

  /**
   * @param options - a progress callback and the `--max-failures` stop, both optional
   */
  constructor(options: QualifyReporterOptions = {}) {
    this.#onProgress = options.onProgress;
    this.#maxFailures = options.maxFailures;
  }

  /**
   * Records one finished test's evidence, or its error when it failed without a violation.
   * @param testCase - the finished test
   */
  onTestCaseResult(testCase: ReportedTestCase): void {
    const result = testCase.result();
    // A test filtered out by --only ran nothing and says nothing (its clauses are reported as filtered).
    if (result.state === 'skipped') return;
    const raw: unknown = (testCase.meta() as Record<string, unknown>)['qualify'];
    const meta = isQualifyTestMeta(raw) ? raw : undefined;
    const testName = meta?.testName ?? testCase.fullName;
    if (meta?.evidence.some((evidence) => evidence.violations.length > 0) === true) this.#failingTests += 1;
    if (meta !== undefined) {
      const durationMs = testCase.diagnostic?.()?.duration;
      this.#metas.push(durationMs === undefined ? meta : { ...meta, durationMs: Math.max(0, Math.round(durationMs)) });
      this.#casesSoFar += meta.evidence.reduce((sum, evidence) => sum + evidence.cases, 0);
      this.#callsSoFar += meta.calls ?? 0;
    }
    if (raw !== undefined && meta === undefined) {
      this.#failedTests.push({ testName, error: 'the test stored a malformed task.meta.qualify (a suite bug)' });
    } else if (mayBeSuiteError[result.state] && !meta?.evidence.some((evidence) => evidence.violations.length > 0)) {
      this.#failedTests.push({ testName, error: errorText(result.errors ?? []) });
    }
    this.#testsDone += 1;
    const first = meta?.clauses[0];
    this.#lastTestName = testName;
    this.#lastFamily = first === undefined ? UNKNOWN_FAMILY : clause(first).family;
    this.#emitProgress();
  }

  /**
   * Learns how many suite files the run has.
   * @param specifications - the suite files to run
   */
  onTestRunStart(specifications: ReadonlyArray<unknown>): void {
    this.#familiesTotal = specifications.length;
    this.#emitProgress();
  }

  /**
   * Counts the tests of a collected suite file that were selected to run (`--only`, `--exclude`, a shard).
   * @param testModule - the collected suite file
   */
  onTestModuleCollected(testModule: Pick<TestModule, 'children'>): void {
    let selected = 0;
    for (const test of testModule.children.allTests()) if (test.options.mode === 'run' || test.options.mode === 'only') selected += 1;
    this.#testsSelected = (this.#testsSelected ?? 0) + selected;
    this.#familiesCollected += 1;
    this.#emitProgress();
  }

  /** Counts a finished suite file (one clause family). */
  onTestModuleEnd(): void {
    this.#familiesDone += 1;
    this.#emitProgress();
  }

  #emitProgress(): void {
    this.#onProgress?.({
      testName: this.#lastTestName,
      family: this.#lastFamily,
      casesSoFar: this.#casesSoFar,
      testsDone: this.#testsDone,
      testsTotal: this.#testsSelected,
      testsTotalFinal: this.#familiesTotal !== null && this.#familiesCollected >= this.#familiesTotal,
      callsSoFar: this.#callsSoFar,
      familiesDone: this.#familiesDone,
      familiesTotal: this.#familiesTotal,
    });
  }

  /**
   * Records what went wrong outside the tests: unhandled errors, suite files
   * that failed to load, and an interrupted run.
   * @param testModules - every suite file of the run
   * @param unhandledErrors - errors vitest caught outside any test
   * @param reason - why the run ended
   */
  onTestRunEnd(testModules: ReadonlyArray<ReportedTestModule>, unhandledErrors: ReadonlyArray<SerializedError>, reason: TestRunEndReason): void {
    for (const module of testModules) {
      const errors = module.errors();
      if (errors.length > 0) this.#unhandledErrors.push(`suite file ${module.relativeModuleId} failed: ${errorText(errors)}`);
    }
    const losses = unhandledErrors.filter(isLostWorker);
    const lost = losses.length === 0 ? [] : testModules.flatMap((module) => [...module.children.allTests('pending')]);
    for (const testCase of lost) {
      const meta = lostTestMeta(testCase.fullName, errorText(losses));
      if (meta === null) this.#unhandledErrors.push(`${testCase.fullName}: lost with its worker (${errorText(losses)}), and its name declares no clause`);
      else this.#metas.push(meta);
    }
    // A loss that took no test with it (or one whose tests cannot be named) is left as it is: the suite's own error.
    for (const error of unhandledErrors) {
      if (lost.length === 0 || !isLostWorker(error)) this.#unhandledErrors.push(`unhandled error: ${errorText([error])}`);
    }
    if (reason === 'interrupted' && this.#maxFailures !== undefined && this.#failingTests >= this.#maxFailures) {
      this.#stoppedAtMaxFailures = true;
    } else if (reason === 'interrupted') {
      this.#unhandledErrors.push('the test run was interrupted before it finished');
    }
  }

  /** Whether the run ended because `--max-failures` tests recorded a FAIL (call it after the run ends). */
  stoppedAtMaxFailures(): boolean {
    return this.#stoppedAtMaxFailures;
  }

  /** Everything collected so far (call it after the run ends). */
  collected(): QualifyCollection {
    return { metas: [...this.#metas], failedTests: [...this.#failedTests], unhandledErrors: [...this.#unhandledErrors] };
  }
}

function errorText(errors: ReadonlyArray<SerializedError>): string {
  if (errors.length === 0) return 'the test failed without an error message';
  return errors.map((error) => (error.name !== undefined && error.name !== 'Error' && !error.message.startsWith(error.name) ? `${error.name}: ${error.message}` : error.message)).join('; ');
}

/**
 * Whether vitest lost the worker that ran tests: it exited mid-run, or V8 ended
 * its thread at the heap limit (which an adapter's output can drive it to), so
 * it is no proof of a suite bug; the tests it took with it are named instead.
 */
function isLostWorker(error: SerializedError): boolean {
  const cause = error.cause?.message ?? '';
  return (
    /^\[vitest-pool\]: Worker \S+ emitted error\.$/.test(error.message) && (cause === 'Worker exited unexpectedly' || cause.startsWith('Worker terminated due to reaching memory limit'))
  );
}

/** A test that never finished because its worker was lost: INCONCLUSIVE for every clause its name declares (null: none). */
function lostTestMeta(testName: string, loss: string): QualifyTestMeta | null {
  let clauses: ClauseId[];
  try {
    clauses = declaredClauses(testName);
  } catch {
    return null;
  }
  const inconclusive = `the suite worker running this test was lost before the test finished (${loss}); its evidence was lost with it`;
  return { testName, clauses, evidence: clauses.map((clauseId) => ({ clauseId, cases: 0, violations: [], inconclusive })) };
}

function isOptionalString(value: unknown): boolean {
  return value === undefined || typeof value === 'string';
}

function isOptionalDuration(value: unknown): boolean {
  return value === undefined || (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0);
}

function isEvidence(value: unknown): boolean {
  if (!isJsonObject(value)) return false;
  const { clauseId, cases, hostUncertain, violations, inconclusive, skipped, replay } = value;
  return (
    typeof clauseId === 'string' &&
    isClauseId(clauseId) &&
    typeof cases === 'number' &&
    Number.isSafeInteger(cases) &&
    cases >= 0 &&
    (hostUncertain === undefined || (typeof hostUncertain === 'number' && Number.isSafeInteger(hostUncertain) && hostUncertain > 0)) &&
    Array.isArray(violations) &&
    violations.every((violation) => isJsonObject(violation) && typeof violation['message'] === 'string') &&
    isOptionalString(inconclusive) &&
    isOptionalString(skipped) &&
    (replay === undefined || (isJsonObject(replay) && typeof replay['testName'] === 'string' && typeof replay['seed'] === 'number'))
  );
}

/**
 * Whether a `task.meta.qualify` value read back from a worker has the shape of
 * a {@link QualifyTestMeta}. Counterexamples are checked later, by the report schema.
 * @internal
 */
export function isQualifyTestMeta(value: unknown): value is QualifyTestMeta {
  return (
    isJsonObject(value) &&
    typeof value['testName'] === 'string' &&
    Array.isArray(value['clauses']) &&
    value['clauses'].every((id: unknown) => typeof id === 'string' && isClauseId(id)) &&
    Array.isArray(value['evidence']) &&
    value['evidence'].every(isEvidence) &&
    isOptionalDuration(value['durationMs'])
  );
}

/** Progress of a qualification run, reported after each test case or test. */
export interface ProgressEvent {
  /** The test being run (its stable name). */
  readonly testName: string;
  /** The clause family of that test (`REQ`, `SEM`, …). */
  readonly family: string;
  /** Generated cases run so far, over the whole run. */
  readonly casesSoFar: number;
  /** Tests finished so far. */
  readonly testsDone: number;
  /**
   * Tests selected to run in the suite files collected so far, or null before the first is
   * collected; the run's total once `testsTotalFinal` (suite files are collected as workers take them).
   */
  readonly testsTotal: number | null;
  /** Whether every suite file of the run is collected, so `testsTotal` is the run's total. */
  readonly testsTotalFinal: boolean;
  /** Adapter calls made by the finished tests. */
  readonly callsSoFar: number;
  /** Suite files (one clause family each) finished so far. */
  readonly familiesDone: number;
  /** Suite files in the run, or null before the run starts. */
  readonly familiesTotal: number | null;
}
