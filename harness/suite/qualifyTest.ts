import { inject, test } from 'vitest';
import type { ClauseId } from '../clauses.js';
import { notApplicableClauses } from '../notApplicableClauses.js';
import type { NormalizedRunOptions } from '../options/runOptions.js';
import { AdapterSession } from './AdapterSession.js';
import { scaledTimeLimit } from './callPacing.js';
import { checkProperty, PROPERTY_TIME_LIMIT_MS, type PropertySpec } from './checkProperty.js';
import { EvidenceRecorder } from './EvidenceRecorder.js';
import type { OperationIds } from '../model/OperationIds.js';
import { qualifyTestName, type QualifyTestDeclaration } from './testNames.js';
import { workerServices, type WorkerServices } from './workerServices.js';

/**
 * A property as a test body states it: its clauses are the test's own (those it
 * is named for and those it `alsoDecides`) unless it names others, e.g. none when
 * the session judges every answer itself.
 */
export type TestPropertySpec<T> = Omit<PropertySpec<T>, 'clauses'> & { readonly clauses?: PropertySpec<T>['clauses'] };

/** Everything a suite test body gets. */
export interface QualifyTestContext {
  /** The clauses the test is named for, as declared. */
  readonly clauses: QualifyTestDeclaration['clauses'];
  readonly options: NormalizedRunOptions;
  readonly services: WorkerServices;
  readonly session: AdapterSession;
  readonly recorder: EvidenceRecorder;
  readonly ids: OperationIds;
  /** Runs a fast-check property whose cases call the adapter, recording its evidence. */
  property<T>(spec: TestPropertySpec<T>): Promise<void>;
}

/** A harness-side test failure that carries adapter violations (not a suite error). */
export class ClauseViolationError extends Error {
  override readonly name = 'ClauseViolationError';
}

/** The least a test may take: generous, since every call is bounded by its own deadline and every property by its own time limit. */
const TEST_TIMEOUT_FLOOR_MS = 15 * 60_000;

/** A backstop above the time limits of one test's properties (a test runs at most three, plus calls of its own). */
const PROPERTY_LIMITS_PER_TEST = 4;

/**
 * Vitest's timeout of one conformance test: above the longest its properties may run,
 * which grows with the subject's answer time (at most the call deadline).
 */
function testTimeoutMs(): number {
  const { options, propertyTimeLimitMs } = inject('qualify');
  const longestProperty = propertyTimeLimitMs ?? scaledTimeLimit(PROPERTY_TIME_LIMIT_MS, options.timeoutMs);
  return Math.max(TEST_TIMEOUT_FLOOR_MS, PROPERTY_LIMITS_PER_TEST * longestProperty);
}

/**
 * Declares one conformance test. Its name starts with the clause IDs it decides
 * (`REQ-CLOSED: …`, built by `qualifyTestName`), so `--only REQ-CLOSED` finds it,
 * and its properties decide those clauses unless they name others; the evidence goes to
 * `task.meta.qualify` for the reporter, which never parses titles. The test
 * fails when the adapter broke a clause, so plain vitest output stays truthful.
 * A test whose clauses all do not apply to the run's subject (`notApplicableClauses`)
 * records SKIP with the reason instead of running.
 */
export function qualifyTest(declaration: QualifyTestDeclaration, body: (context: QualifyTestContext) => Promise<void>): void {
  const name = qualifyTestName(declaration);
  const { clauses } = declaration;
  const propertyClauses: readonly ClauseId[] = [...clauses, ...(declaration.alsoDecides ?? [])];
  // Concurrent: a test mostly waits for adapter processes; `maxConcurrency` bounds how many run at once.
  test.concurrent(name, { timeout: testTimeoutMs() }, async ({ task }) => {
    const services = workerServices();
    const { options } = services.provided;
    const recorder = new EvidenceRecorder(name, clauses);
    if (skippedAsNotApplicable(clauses, options, recorder)) {
      task.meta.qualify = recorder.meta();
      return;
    }
    const session = new AdapterSession({ ...services, options, recorder, testName: name });
    let propertyIndex = 0;
    const context: QualifyTestContext = {
      clauses,
      options,
      services,
      session,
      recorder,
      ids: services.ids,
      property: (spec) =>
        checkProperty(
          { ...spec, clauses: spec.clauses ?? propertyClauses },
          {
            session,
            recorder,
            options,
            testName: name,
            propertyIndex: propertyIndex++,
            endOnFailure: services.provided.endOnFailure === true,
            // Unless the run fixed it, the limit follows the subject's answer time as this worker sees it, case by case.
            timeLimitMs: services.provided.propertyTimeLimitMs ?? (() => scaledTimeLimit(PROPERTY_TIME_LIMIT_MS, services.pace.typicalMs())),
          },
        ),
    };
    try {
      await body(context);
    } finally {
      // Every verdict can be re-run: at least the whole test with the run's seed (a property adds its exact path).
      for (const clauseId of clauses) recorder.replay(clauseId, { testName: name, seed: options.seed });
      task.meta.qualify = recorder.meta();
    }
    if (recorder.hasViolations()) {
      throw new ClauseViolationError(`adapter broke ${recorder.violatedClauses().join(', ')}`);
    }
  });
}

// A test whose every clause does not apply to this kind of subject (REQ to an SDK, SDK to a command) does not run.
function skippedAsNotApplicable(clauses: readonly ClauseId[], options: NormalizedRunOptions, recorder: EvidenceRecorder): boolean {
  const notApplicable = notApplicableClauses(options.subject.kind);
  if (!clauses.every((clauseId) => notApplicable[clauseId] !== undefined)) return false;
  for (const clauseId of clauses) recorder.skip(clauseId, notApplicable[clauseId] as string);
  return true;
}
