import { profileClauses, type ClauseDefinition, type ClauseId, type ClauseLevel, type ProfileId } from '../harness/clauses.js';
import { evaluateBaseline } from './evaluateBaseline.js';
import type { ExpectedFailures } from '../harness/baseline/expectedFailures.js';
import type { ClauseEvidence, FaultMethodNote, QualifyTestMeta, RecordedViolation, ReplayHandle } from '../harness/evidence/types.js';
import {
  REPORT_SCHEMA_VERSION,
  type AcceptanceReport,
  type ClauseReport,
  type ClauseVerdict,
  type OverallVerdict,
  type ReportEnvironment,
  type ReportExitCode,
  type ReportRun,
  type ReportShard,
  type ReportSubject,
  type ReportSuite,
  type VerdictCounts,
} from './types.js';

export type { AcceptanceReport } from './types.js';

/** A suite test that failed without recording a violation: the suite's own fault. */
export interface FailedTest {
  readonly testName: string;
  /** The error message (a throw, a timeout). */
  readonly error: string;
}

/** Everything {@link buildReport} needs; all of it already collected and normalized. */
export interface BuildReportInput {
  readonly profile: ProfileId;
  readonly suite: ReportSuite;
  /** Every `task.meta.qualify` the run produced, in the order the tests finished. */
  readonly metas: readonly QualifyTestMeta[];
  /** Tests that failed without violations (suite errors: exit code 3). */
  readonly failedTests: readonly FailedTest[];
  /** Errors outside any test (unhandled errors, suite files that failed to load, an interrupted run), each a full message; suite errors too. */
  readonly unhandledErrors: readonly string[];
  /** An `--only` filter was used, so unexercised clauses may simply have been filtered out. */
  readonly filteredOut: boolean;
  /** Why the run stopped before every test ran (`--max-failures`), or absent: added to the reason of every clause left without evidence. */
  readonly stoppedEarly?: string;
  /** SKIP reasons for clauses that cannot apply to this kind of subject; they never make a run incomplete. @defaultValue {} */
  readonly notApplicable?: Readonly<Partial<Record<ClauseId, string>>>;
  /** SKIP reasons for clauses that only `--exclude`d tests decide; a clause with a case elsewhere is judged by it. @defaultValue {} */
  readonly excluded?: Readonly<Partial<Record<ClauseId, string>>>;
  readonly subject: ReportSubject;
  readonly environment: ReportEnvironment;
  /** The run, including `strict` and `strictShould`, which decide the exit code. */
  readonly run: ReportRun;
  /** Renders the full shell command that replays a handle (`--seed`, `--only`, `--replay-path`). */
  readonly replayCommand: (handle: ReplayHandle) => string;
  /** Clauses known to fail (`--expected-failures`): listed FAILs do not fail the run, listed PASSes do. @defaultValue null */
  readonly expectedFailures?: ExpectedFailures | null;
  /** The slice this run covers (`--shard i/n`), or null for a whole run or a merge. @defaultValue null */
  readonly shard?: Pick<ReportShard, 'index' | 'count'> | null;
}

const NOT_EXERCISED = 'not exercised in this run';

// A full Record over the verdicts: a new verdict cannot compile until it has a count.
const countKey = {
  PASS: 'pass',
  FAIL: 'fail',
  SKIP: 'skip',
  INCONCLUSIVE: 'inconclusive',
} as const satisfies Record<ClauseVerdict, keyof VerdictCounts>;

interface Gathered {
  cases: number;
  hostUncertain: number;
  firstViolation: { violation: RecordedViolation; replay: ReplayHandle | undefined; rank: readonly number[] } | undefined;
  firstCounterexample: RecordedViolation['counterexample'];
  inconclusive: string[];
  skipped: string[];
  suiteErrors: string[];
  faultMethod: FaultMethodNote | undefined;
}

/**
 * Builds `acceptance.json` from the evidence of a run. Pure: no I/O, no clock.
 *
 * Per clause, merging every meta that mentions it: a violation makes it FAIL;
 * otherwise real cases make it PASS; otherwise a suite error of a test that
 * covered it, an inconclusive reason, a skip reason, a deferral, or nothing at
 * all make it INCONCLUSIVE or SKIP, in that order. A clause never PASSes without cases.
 *
 * With expected failures, a listed FAIL does not count for the exit code and a
 * listed PASS (a stale entry) makes it 1; the verdict stays what the evidence
 * says. A shard's report is at best `incomplete` and leaves `--strict` and stale
 * entries to the merge, since another shard may hold the rest of a clause's evidence.
 *
 * @param input - the collected evidence and the run's identity
 * @returns a report with every clause of the profile exactly once, in catalog order
 */
export function buildReport(input: BuildReportInput): AcceptanceReport {
  const definitions = profileClauses[input.profile];
  const inProfile = new Set<string>(definitions.map((definition) => definition.id));
  const erroredTests = new Map(input.failedTests.map((failed) => [failed.testName, failed.error]));
  const suiteErrors = [...input.failedTests.map((failed) => `${failed.testName}: ${failed.error}`), ...input.unhandledErrors];

  const gathered = new Map<ClauseId, Gathered>();
  for (const meta of input.metas) {
    const testError = erroredTests.get(meta.testName);
    for (const evidence of meta.evidence) {
      if (!inProfile.has(evidence.clauseId)) {
        suiteErrors.push(`${meta.testName}: recorded evidence for ${evidence.clauseId}, which is not a clause of ${input.profile}`);
        continue;
      }
      gather(gathered, evidence, testError, meta.clauses.includes(evidence.clauseId));
    }
  }

  const shard = input.shard ?? null;
  const baseline = input.expectedFailures ?? null;
  const durations = declaredDurations(input.metas);
  const judged = definitions.map((definition) => clauseReport(definition, gathered.get(definition.id), durations.get(definition.id), input, suiteErrors.length > 0));
  const evaluation = evaluateBaseline(judged, baseline?.entries ?? [], shard === null ? 'full' : 'shard');
  const clauses = judged.map((entry): ClauseReport => {
    const status = evaluation.statuses.get(entry.id);
    return status === undefined ? entry : { ...entry, baseline: status };
  });
  const summary = { must: countLevel(clauses, 'MUST'), should: countLevel(clauses, 'SHOULD') };
  const { strictShould } = input.run;
  const counts = (level: ClauseLevel): boolean => level === 'MUST' || strictShould;
  const failed = clauses.some((entry) => entry.verdict === 'FAIL' && counts(entry.level));
  const unexpectedFailure = clauses.some((entry) => entry.verdict === 'FAIL' && counts(entry.level) && entry.baseline === undefined);
  const mustIncomplete = clauses.some((entry) => entry.level === 'MUST' && isOpen(entry));
  const strictIncomplete = shard === null && strictOpenClauses(clauses, input.run).length > 0;

  // Calls that may have run another program than the digest names are no evidence for that digest.
  const subjectChanged = input.subject.executableChanged !== undefined;
  const verdict: OverallVerdict = failed ? 'non-conformant' : mustIncomplete || shard !== null || subjectChanged ? 'incomplete' : 'conformant';
  const exitCode: ReportExitCode =
    input.run.interrupted !== undefined ? 4 : suiteErrors.length > 0 ? 3 : unexpectedFailure || evaluation.stale.length > 0 || strictIncomplete || subjectChanged ? 1 : 0;
  const run: ReportRun = shard === null ? input.run : { ...input.run, shard: { ...shard, clauses: definitions.map(({ id }) => id).filter((id) => gathered.has(id)) } };

  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    profile: input.profile,
    suite: input.suite,
    subject: input.subject,
    environment: input.environment,
    run,
    verdict,
    exitCode,
    summary,
    clauses,
    suiteErrors,
    ...(baseline === null ? {} : { baseline }),
  };
}

/**
 * Pure: how well a violation of a clause leads a reader to its cause, lower first: found by a
 * test named for the clause (not one that met it on the way, such as a fault test), shrunk
 * (fast-check's path to the smallest case), then the smaller counterexample.
 * @param violation - the violation
 * @param replay - the test's replay handle, if any
 * @param namedForClause - whether the test's name declares the clause
 * @public
 */
export function violationRank(violation: RecordedViolation, replay: ReplayHandle | undefined, namedForClause: boolean): readonly number[] {
  return [namedForClause ? 0 : 1, replay?.path === undefined || replay.path === '' ? 1 : 0, JSON.stringify(violation.counterexample ?? null).length];
}

/**
 * Pure: whether rank `a` ({@link violationRank}) leads to the cause better than `b`.
 * @param a - a rank
 * @param b - the rank it is compared with
 * @public
 */
export function ranksBefore(a: readonly number[], b: readonly number[]): boolean {
  for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
    if ((a[index] ?? 0) !== (b[index] ?? 0)) return (a[index] ?? 0) < (b[index] ?? 0);
  }
  return false;
}

function gather(gathered: Map<ClauseId, Gathered>, evidence: ClauseEvidence, testError: string | undefined, namedForClause: boolean): void {
  let entry = gathered.get(evidence.clauseId);
  if (entry === undefined) {
    entry = { cases: 0, hostUncertain: 0, firstViolation: undefined, firstCounterexample: undefined, inconclusive: [], skipped: [], suiteErrors: [], faultMethod: undefined };
    gathered.set(evidence.clauseId, entry);
  }
  // One timing-only test makes the clause's evidence timing-only.
  if (evidence.faultMethod !== undefined && entry.faultMethod?.method !== 'timing') entry.faultMethod = evidence.faultMethod;
  const first = evidence.violations[0];
  if (first !== undefined) {
    // The violation shown (and replayed) is the one that best leads to the cause; ties keep the first.
    const rank = violationRank(first, evidence.replay, namedForClause);
    if (entry.firstViolation === undefined || ranksBefore(rank, entry.firstViolation.rank)) entry.firstViolation = { violation: first, replay: evidence.replay, rank };
  }
  entry.firstCounterexample ??= evidence.violations.find((recorded) => recorded.counterexample !== undefined)?.counterexample;
  // Cases of a test that then threw are not evidence: the test did not finish its checks.
  if (testError !== undefined) {
    entry.suiteErrors.push(`suite error: ${testError}`);
    return;
  }
  entry.cases += evidence.cases;
  entry.hostUncertain += evidence.hostUncertain ?? 0;
  if (evidence.inconclusive !== undefined) entry.inconclusive.push(evidence.inconclusive);
  if (evidence.skipped !== undefined) entry.skipped.push(evidence.skipped);
}

// A test's time belongs to the clauses its name declares, not to every clause its calls fed (OUT).
function declaredDurations(metas: readonly QualifyTestMeta[]): Map<ClauseId, number> {
  const durations = new Map<ClauseId, number>();
  for (const meta of metas) {
    if (meta.durationMs === undefined) continue;
    for (const id of new Set(meta.clauses)) durations.set(id, (durations.get(id) ?? 0) + meta.durationMs);
  }
  return durations;
}

function clauseReport(definition: ClauseDefinition, gathered: Gathered | undefined, durationMs: number | undefined, input: BuildReportInput, anySuiteError: boolean): ClauseReport {
  const base = {
    id: definition.id,
    level: definition.level,
    family: definition.family,
    summary: definition.summary,
    cases: gathered?.cases ?? 0,
    ...(gathered?.faultMethod === undefined ? {} : { method: gathered.faultMethod.method, methodDetail: gathered.faultMethod.detail }),
    ...(gathered === undefined || gathered.hostUncertain === 0 ? {} : { hostUncertainCases: gathered.hostUncertain }),
    ...(durationMs === undefined ? {} : { durationMs }),
  };
  const failure = gathered?.firstViolation;
  if (failure !== undefined) {
    const counterexample = failure.violation.counterexample ?? gathered?.firstCounterexample;
    return {
      ...base,
      verdict: 'FAIL',
      reason: failure.violation.message === '' ? 'violation recorded without a message' : failure.violation.message,
      ...(counterexample === undefined ? {} : { counterexample }),
      ...(failure.replay === undefined
        ? {}
        : {
            replay: input.replayCommand(failure.replay),
            seed: failure.replay.seed,
            ...(failure.replay.path === undefined ? {} : { path: failure.replay.path }),
          }),
    };
  }
  if (base.cases > 0) return { ...base, verdict: 'PASS' };
  const notApplicable = input.notApplicable?.[definition.id];
  if (notApplicable !== undefined) return { ...base, verdict: 'SKIP', reason: notApplicable, applicable: false };
  // Not run on request: whatever else was recorded (a skip, a suite error) came from the tests that did run.
  const excluded = input.excluded?.[definition.id];
  if (excluded !== undefined) return { ...base, verdict: 'SKIP', reason: excluded };
  if (gathered !== undefined && gathered.suiteErrors.length > 0) {
    return { ...base, verdict: 'INCONCLUSIVE', reason: distinct(gathered.suiteErrors) };
  }
  if (gathered !== undefined && gathered.inconclusive.length > 0) {
    return { ...base, verdict: 'INCONCLUSIVE', reason: distinct(gathered.inconclusive) };
  }
  if (gathered !== undefined && gathered.skipped.length > 0) {
    return { ...base, verdict: 'SKIP', reason: distinct(gathered.skipped) };
  }
  const notes = [
    input.filteredOut ? ' (filtered out by --only)' : '',
    input.stoppedEarly === undefined ? '' : ` (${input.stoppedEarly})`,
    // An interrupted run is a suite error too; what the reader needs first is that the run did not finish.
    input.run.interrupted === undefined ? '' : ` (the run was interrupted by ${input.run.interrupted} before its tests finished)`,
    anySuiteError ? ' (suite errors occurred: see suiteErrors)' : '',
  ];
  const shard = input.shard ?? null;
  const notHere = shard === null ? NOT_EXERCISED : `in another shard (not exercised in shard ${shard.index}/${shard.count})`;
  return { ...base, verdict: 'SKIP', reason: `${notHere}${notes.join('')}` };
}

function distinct(reasons: readonly string[]): string {
  // A blank reason would explain nothing (and the schema refuses it).
  return [...new Set(reasons.filter((reason) => reason.trim() !== ''))].join('; ') || 'no reason recorded';
}

function countLevel(clauses: readonly ClauseReport[], level: ClauseLevel): VerdictCounts {
  const counts = { pass: 0, fail: 0, skip: 0, inconclusive: 0 };
  for (const entry of clauses) if (entry.level === level) counts[countKey[entry.verdict]] += 1;
  return counts;
}

/** Whether a verdict is missing evidence that `--strict` demands. */
const lacksEvidence = {
  PASS: false,
  FAIL: false,
  SKIP: true,
  INCONCLUSIVE: true,
} as const satisfies Record<ClauseVerdict, boolean>;

/**
 * Pure: whether a clause is left open (SKIP or INCONCLUSIVE where it applies).
 */
function isOpen(entry: ClauseReport): boolean {
  return lacksEvidence[entry.verdict] && entry.applicable !== false;
}

/**
 * Pure: the clauses that make a `--strict` run fail: open, counted at their
 * level (MUST, or SHOULD too with `--strict-should`), and not listed in the
 * baseline (a listed clause is known not to pass, so it is not asked for evidence).
 * Empty without `--strict`.
 * @internal Shared by the report builder (the exit code) and the summaries (which name them).
 */
export function strictOpenClauses(clauses: readonly ClauseReport[], run: { readonly strict: boolean; readonly strictShould: boolean }): readonly ClauseReport[] {
  if (!run.strict) return [];
  // A fault verdict judged by timing alone may have missed its window: strict runs do not take its PASS as proof.
  const timingOnly = (entry: ClauseReport): boolean => entry.verdict === 'PASS' && entry.method === 'timing';
  return clauses.filter((entry) => (entry.level === 'MUST' || run.strictShould) && (isOpen(entry) || timingOnly(entry)) && entry.baseline === undefined);
}
