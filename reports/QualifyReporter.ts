import type { Reporter, SerializedError, TestCase, TestModule, TestRunEndReason, TestState } from 'vitest/node';
import type { ProgressEvent } from '../harness/cli/progressEvent.js';
import { clause } from '../harness/clauses.js';
import type { QualifyTestMeta } from '../harness/evidence/types.js';
import { isQualifyTestMeta } from './_internals/isQualifyTestMeta.js';
import type { FailedTest } from './buildReport.js';

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
  readonly onProgress?: (progress: ProgressEvent) => void;
}

/** The slice of vitest's `TestCase` the reporter reads (lets tests pass plain objects). */
export type ReportedTestCase = Pick<TestCase, 'fullName' | 'meta' | 'result'>;

/** The slice of vitest's `TestModule` the reporter reads. */
export type ReportedTestModule = Pick<TestModule, 'relativeModuleId' | 'errors'>;

/** Shown for a test that recorded no evidence (it titles nothing we may parse). */
const UNKNOWN_FAMILY = '?';

// Which vitest states can carry a suite error (style.md §5: a full Record over the closed union).
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
  #lastTestName = '';
  #lastFamily = UNKNOWN_FAMILY;

  /**
   * @param options - an optional progress callback
   */
  constructor(options: QualifyReporterOptions = {}) {
    this.#onProgress = options.onProgress;
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
    if (meta !== undefined) {
      this.#metas.push(meta);
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
      // Suite files are collected in parallel, so the total is not known while tests finish.
      testsTotal: null,
      callsSoFar: this.#callsSoFar,
      familiesDone: this.#familiesDone,
    });
  }

  /**
   * Records what went wrong outside the tests: unhandled errors, suite files
   * that failed to load, and an interrupted run.
   * @param testModules - every suite file of the run
   * @param unhandledErrors - errors vitest caught outside any test
   * @param reason - why the run ended
   */
  onTestRunEnd(
    testModules: ReadonlyArray<ReportedTestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
    reason: TestRunEndReason,
  ): void {
    for (const module of testModules) {
      const errors = module.errors();
      if (errors.length > 0) this.#unhandledErrors.push(`suite file ${module.relativeModuleId} failed: ${errorText(errors)}`);
    }
    for (const error of unhandledErrors) this.#unhandledErrors.push(`unhandled error: ${errorText([error])}`);
    if (reason === 'interrupted') this.#unhandledErrors.push('the test run was interrupted before it finished');
  }

  /** Everything collected so far (call it after the run ends). */
  collected(): QualifyCollection {
    return { metas: [...this.#metas], failedTests: [...this.#failedTests], unhandledErrors: [...this.#unhandledErrors] };
  }
}

function errorText(errors: ReadonlyArray<SerializedError>): string {
  if (errors.length === 0) return 'the test failed without an error message';
  return errors
    .map((error) => (error.name !== undefined && error.name !== 'Error' && !error.message.startsWith(error.name) ? `${error.name}: ${error.message}` : error.message))
    .join('; ');
}
