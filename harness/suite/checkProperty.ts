import { setMaxListeners } from 'node:events';
import * as fc from 'fast-check';
import type { ClauseId } from '../clauses.js';
import type { Violation } from '../violation.js';
import { callExcerpt } from './callExcerpt.js';
import type { AdapterSession } from './AdapterSession.js';
import type { EvidenceRecorder } from './EvidenceRecorder.js';
import type { NormalizedRunOptions } from '../options/runOptions.js';
import type { CaseResult } from '../model/caseResult.js';

/** A property over adapter behaviour, deciding `clauses`. */
export interface PropertySpec<T> {
  /** The clauses each decided case exercises. */
  readonly clauses: readonly ClauseId[];
  readonly arbitrary: fc.Arbitrary<T>;
  /** The case in words, for the counterexample (the way its clause describes it). */
  describe(value: T): string;
  /** Runs one case against the adapter through `session`. */
  run(value: T): Promise<CaseResult>;
  /** Cases to generate. @defaultValue the run's `--runs` */
  readonly numRuns?: number;
  /**
   * Decided cases a clause needs to PASS when the time limit cuts the property short
   * (a clause with fewer is INCONCLUSIVE). @defaultValue `numRuns`
   */
  readonly minRuns?: number;
  /**
   * Cases that run first, before the generated ones, whatever the seed: the
   * variants a clause must never miss (e.g. uppercase hex on a submit).
   */
  readonly examples?: readonly T[];
  /**
   * Why a clause stays undecided when no case exercised it although cases ran
   * (e.g. no operation reached terminal within the polling budget). A function is
   * asked once the cases ran, for a reason that depends on the run (the submit budget).
   */
  readonly unexercisedReason?: Partial<Record<ClauseId, string | (() => string)>>;
  /**
   * Asked once the property ran without a failure: why its decided cases do not cover what a PASS
   * claims (e.g. a fault point no case decided), or null. A reason leaves every clause INCONCLUSIVE.
   */
  readonly uncovered?: () => string | null;
  /**
   * Whether a failing case is shrunk. A case whose failure depends on where a timed fault lands cannot be
   * shrunk faithfully (a smaller case may miss the window): it is shown as it was found. @defaultValue true
   */
  readonly shrink?: boolean;
}

/** Wall-clock budget of one property, generation and shrinking included. */
export const PROPERTY_TIME_LIMIT_MS = 120_000;

/** A case undecided by a host fault or by its own burst is run again only within this fraction of its property's time limit (the rerun must fit). */
const RERUN_BEFORE = 0.5;

/**
 * Fresh runs of a race case its own burst left undecided. A burst starts up to 16 processes on
 * a machine that may have two busy cores: a few more tries make a decision likely without
 * letting a loaded machine stretch one property indefinitely.
 */
export const CONTENDED_RERUNS = 3;

interface Failure<T> {
  readonly value: T;
  readonly violations: readonly Violation[];
  readonly calls: ReturnType<typeof callExcerpt>[];
}

/**
 * Runs a property with fast-check and records its evidence. A violated case
 * makes the property fail, so fast-check shrinks it; the last failing run is the
 * smallest counterexample, recorded with the seed and path that replay it.
 * Undecided cases (uncertain calls) neither pass nor fail: a property with no
 * decided case leaves its clauses INCONCLUSIVE.
 */
export async function checkProperty<T>(
  spec: PropertySpec<T>,
  context: {
    // Only what the property loop uses, so the manifest profile's tool session fits too.
    session: Pick<AdapterSession, 'startCase' | 'caseCalls'>;
    recorder: EvidenceRecorder;
    options: Pick<NormalizedRunOptions, 'seed' | 'runs' | 'replayPath'>;
    testName: string;
    propertyIndex: number;
    /** Record the first failing case unshrunk. @defaultValue false */
    endOnFailure?: boolean;
    /**
     * Wall-clock budget of the property: a number, or a function asked again whenever the budget
     * would run out (a limit that follows the subject's answer time may have grown meanwhile).
     * @defaultValue {@link PROPERTY_TIME_LIMIT_MS}
     */
    timeLimitMs?: number | (() => number);
  },
): Promise<void> {
  const { session, recorder, options, testName, propertyIndex } = context;
  const replay = options.replayPath;
  // Replaying one shrunk case: only the property it came from runs, only that case.
  if (replay !== null && replay.property !== propertyIndex) return;
  let lastFailure: Failure<T> | null = null;
  let firstUndecided: string | null = null;
  const decided = new Map<ClauseId, number>(spec.clauses.map((id) => [id, 0]));

  const numRuns = (spec.numRuns ?? options.runs) + (spec.examples ?? []).length; // must-try examples come on top of --runs
  const timeLimit = context.timeLimitMs ?? PROPERTY_TIME_LIMIT_MS;
  const timeLimitMs = (): number => (typeof timeLimit === 'number' ? timeLimit : timeLimit());
  const startedAt = Date.now();
  // The limit is the property's own (fast-check's is fixed when it starts): once it passed, the case in flight is
  // cancelled and every later one, shrinking included, returns at once without calling the adapter.
  let cut = false;
  const outOfTime = (): boolean => {
    cut ||= Date.now() - startedAt >= timeLimitMs();
    return cut;
  };
  let hostFaults = 0;
  // One run of a case; null when the time limit cancelled it (no evidence, whatever it returned).
  const runCase = async (value: T): Promise<CaseResult | null> => {
    if (outOfTime()) return null;
    const controller = new AbortController();
    // Every call of the case listens to it, and a race burst makes dozens at once.
    setMaxListeners(0, controller.signal);
    let watch: NodeJS.Timeout | undefined;
    const rearm = (): void => {
      if (outOfTime()) controller.abort();
      else watch = setTimeout(rearm, startedAt + timeLimitMs() - Date.now());
    };
    rearm();
    session.startCase(controller.signal);
    try {
      const result = await spec.run(value);
      return controller.signal.aborted ? null : result;
    } catch (error) {
      if (controller.signal.aborted) return null;
      // The suite's own fault: if shrinking ends here, it must surface, not an earlier violation.
      lastFailure = null;
      throw error;
    } finally {
      clearTimeout(watch);
    }
  };

  const property = fc.asyncProperty(spec.arbitrary, async (value) => {
    let result = await runCase(value);
    if (result === null) return true;
    if (result.verdict === 'undecided' && result.hostFault !== undefined) {
      hostFaults += 1;
      firstUndecided ??= `${result.reason} (the host's own failure, not the adapter's: ${result.hostFault})`;
      // Once more, fresh (every case makes its own operations), while the property's time allows.
      if (Date.now() - startedAt < timeLimitMs() * RERUN_BEFORE) {
        const again = await runCase(value);
        if (again === null) return true;
        result = again;
        if (result.verdict === 'undecided' && result.hostFault !== undefined) hostFaults += 1;
      }
    }
    let tries = 1;
    while (result.verdict === 'undecided' && result.contended !== undefined && tries <= CONTENDED_RERUNS && Date.now() - startedAt < timeLimitMs() * RERUN_BEFORE) {
      const again = await runCase(value);
      if (again === null) return true;
      result = again;
      tries += 1;
    }
    if (result.verdict === 'undecided') {
      firstUndecided ??= result.contended === undefined ? result.reason : `${result.reason} (${tries} runs of the case; in the last, ${result.contended})`;
      return true;
    }
    // A case speaks for the clauses it exercised; by default, all of the property's.
    for (const clauseId of result.exercised ?? spec.clauses) decided.set(clauseId, (decided.get(clauseId) ?? 0) + 1);
    if (result.verdict === 'held') return true;
    lastFailure = { value, violations: result.violations, calls: session.caseCalls().map(callExcerpt) };
    return false;
  });

  const details = await fc.check(property, {
    seed: deriveSeed(options.seed, testName),
    numRuns,
    examples: (spec.examples ?? []).map((example): [T] => [example]),
    ...(context.endOnFailure === true || spec.shrink === false ? { endOnFailure: true } : {}),
    ...(replay === null ? {} : { path: replay.path }),
  });

  const uncovered = details.failed ? null : (spec.uncovered?.() ?? null);
  if (uncovered !== null) {
    for (const clauseId of spec.clauses) {
      recorder.inconclusive(clauseId, uncovered);
      recorder.replay(clauseId, { testName, seed: options.seed });
    }
    return;
  }
  // Cut before any failure: fewer decided cases than the property's minimum are no PASS.
  if (cut && !details.failed) {
    const minRuns = spec.minRuns ?? numRuns;
    for (const [clauseId, cases] of decided) {
      if (cases >= minRuns) {
        recorder.count(clauseId, cases);
      } else {
        recorder.inconclusive(
          clauseId,
          `time limit of ${timeLimitMs()} ms after ${cases} of ${numRuns} cases, fewer than the ${minRuns} needed (the adapter answers too slowly for this property)`,
        );
      }
      recorder.replay(clauseId, { testName, seed: options.seed });
    }
    return;
  }
  for (const [clauseId, cases] of decided) recorder.count(clauseId, cases);
  if (hostFaults > 0) for (const clauseId of spec.clauses) recorder.hostUncertain(clauseId, hostFaults);
  const failure = lastFailure as Failure<T> | null;
  if (details.failed) {
    // A failure without a recorded case is an exception thrown by the suite itself.
    if (failure === null) throw details.errorInstance ?? new Error(`property of ${testName} failed without a case`);
    const handle = { testName, seed: options.seed, path: `${propertyIndex}/${details.counterexamplePath ?? ''}` };
    for (const found of failure.violations) {
      recorder.fail(found, { description: spec.describe(failure.value), calls: failure.calls }, handle);
    }
  }
  for (const [clauseId, cases] of decided) {
    if (cases > 0) continue;
    const reason = spec.unexercisedReason?.[clauseId];
    recorder.inconclusive(clauseId, (typeof reason === 'function' ? reason() : reason) ?? firstUndecided ?? 'no case could be decided');
  }
  for (const clauseId of spec.clauses) recorder.replay(clauseId, { testName, seed: options.seed });
}

/**
 * The seed of one test's property: the run's root seed mixed with the test name
 * (FNV-1a), so `--seed S --only NAME` replays the same cases whatever else runs.
 */
export function deriveSeed(rootSeed: number, testName: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < testName.length; index++) {
    hash ^= testName.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return ((hash ^ rootSeed) >>> 0) & 0x7fffffff;
}
