import * as fc from 'fast-check';
import { describeOutcome, type AcpCaseContext, type InitializedAgent, type PropertyFailure } from './AcpCase.js';
import type { AcpClauseId } from './acpClauses.js';
import type { AcpConnection, FrameRef } from './AcpConnection.js';

// An ACP property: fast-check draws the cases (the must-try ones first), a failing case is shrunk
// within a counted budget, and only the smallest failing case's findings become FAIL evidence, with
// the seed and path that replay exactly that case (`--replay-path`).

/** Property runs spent shrinking at most (counted, never timed: a verdict must not depend on load). */
export const MAX_SHRINK_RUNS = 12;

/** What one run of a property found about one clause. */
export type PropertyFinding =
  | { readonly clauseId: AcpClauseId; readonly status: 'pass' }
  | { readonly clauseId: AcpClauseId; readonly status: 'fail'; readonly rule: string; readonly frame: FrameRef | null }
  | { readonly clauseId: AcpClauseId; readonly status: 'inconclusive'; readonly reason: string };

/** Where one run of a property records its findings (the property decides, at its end, which become evidence). */
export interface PropertyRecorder {
  pass(clauseId: AcpClauseId): void;
  fail(clauseId: AcpClauseId, rule: string, frame: FrameRef | null): void;
  inconclusive(clauseId: AcpClauseId, reason: string): void;
}

/** An ACP property of one case. */
export interface AcpPropertySpec<T> {
  readonly arbitrary: fc.Arbitrary<T>;
  /** Cases drawn, the examples included. */
  readonly numRuns: number;
  /** Must-try cases, run first (they count in `numRuns` and in paths). */
  readonly examples?: readonly T[];
  /** The case in words, for the report's counterexample. */
  readonly describe: (value: T) => string;
  /** Property runs spent shrinking at most. @defaultValue {@link MAX_SHRINK_RUNS} */
  readonly maxShrinkRuns?: number;
  /** Runs one case against the agent; findings go to `record`, a thrown error is a suite error. */
  readonly run: (value: T, record: PropertyRecorder) => Promise<void>;
}

/** What {@link checkAcpProperty} decided. */
export interface AcpPropertyOutcome {
  /** Cases run, shrinking included. */
  readonly runs: number;
  /** The smallest failing case, or null when every case held. */
  readonly failure: PropertyFailure | null;
}

interface RunFindings {
  readonly value: unknown;
  readonly findings: readonly PropertyFinding[];
  /** fast-check's path of the run, when it is known (generation runs and the final counterexample). */
  readonly path: string | null;
}

class PropertyBroken extends Error {
  override readonly name = 'PropertyBroken';
}

/**
 * Checks a property of the agent with the case's seed and records its evidence through the context:
 * every pass and inconclusive finding of every run (each is a real case), and the FAIL findings of the
 * smallest failing case with its seed, path and description; a clause only an earlier, unshrunk failing
 * case broke keeps that case (its path is its index among the drawn cases). With the context's
 * `replayPath`, only that one case runs, not shrunk further.
 * @param context - the case's context (seed, replay path, evidence)
 * @param spec - the arbitrary, the examples, how to run and describe a case
 */
export async function checkAcpProperty<T>(context: AcpCaseContext, spec: AcpPropertySpec<T>): Promise<AcpPropertyOutcome> {
  const replaying = context.replayPath !== null;
  const maxShrinkRuns = spec.maxShrinkRuns ?? MAX_SHRINK_RUNS;
  let generationIndex = 0;
  let shrinkRuns = -1;
  let runs = 0;
  let firstFailing: RunFindings | null = null;
  let lastFailing: RunFindings | null = null;
  const property = fc.asyncProperty(spec.arbitrary, async (value) => {
    // Once a case failed, the runs left are shrink candidates: counted, and none at all in a replay.
    if (shrinkRuns >= 0) {
      if (replaying || shrinkRuns >= maxShrinkRuns) fc.pre(false);
      shrinkRuns += 1;
    }
    const path = shrinkRuns < 0 && !replaying ? String(generationIndex++) : null;
    const findings: PropertyFinding[] = [];
    runs += 1;
    await spec.run(value, {
      pass: (clauseId) => findings.push({ clauseId, status: 'pass' }),
      fail: (clauseId, rule, frame) => findings.push({ clauseId, status: 'fail', rule, frame }),
      inconclusive: (clauseId, reason) => findings.push({ clauseId, status: 'inconclusive', reason }),
    });
    for (const finding of findings) {
      if (finding.status === 'pass') context.pass(finding.clauseId);
      else if (finding.status === 'inconclusive') context.inconclusive(finding.clauseId, finding.reason);
    }
    if (findings.some((finding) => finding.status === 'fail')) {
      const run: RunFindings = { value, findings, path };
      firstFailing ??= run;
      lastFailing = run;
      if (shrinkRuns < 0) shrinkRuns = 0;
      throw new PropertyBroken(findings.find((finding) => finding.status === 'fail')!.clauseId);
    }
  });
  const details = await fc.check(property, {
    seed: context.seed,
    numRuns: spec.numRuns,
    endOnFailure: context.endOnFailure,
    ...(spec.examples === undefined ? {} : { examples: spec.examples.map((example) => [example] as [T]) }),
    ...(context.replayPath === null ? {} : { path: context.replayPath }),
  });
  if (details.errorInstance !== null && !(details.errorInstance instanceof PropertyBroken)) throw details.errorInstance;
  if (lastFailing === null || details.counterexamplePath === null) return { runs, failure: null };
  const smallest: RunFindings = lastFailing;
  const first: RunFindings = firstFailing!;
  const failure: PropertyFailure = { seed: context.seed, path: details.counterexamplePath, counterexample: spec.describe(smallest.value as T), smallest: !context.endOnFailure };
  const failed = new Set<AcpClauseId>();
  for (const finding of smallest.findings) {
    if (finding.status !== 'fail') continue;
    context.fail(finding.clauseId, finding.rule, finding.frame, failure);
    failed.add(finding.clauseId);
  }
  if (first !== smallest && first.path !== null) {
    const unshrunk: PropertyFailure = { seed: context.seed, path: first.path, counterexample: spec.describe(first.value as T), smallest: false };
    for (const finding of first.findings) if (finding.status === 'fail' && !failed.has(finding.clauseId)) context.fail(finding.clauseId, finding.rule, finding.frame, unshrunk);
  }
  return { runs, failure };
}

/**
 * The shared agent for one property case (started again when an earlier case killed it, so that a shrunk
 * case is one that broke the agent itself), or null, recorded as inconclusive, when it cannot be initialized.
 * @param context - the case's context
 * @param clauseId - the clause left inconclusive without an agent
 * @param record - the case's recorder
 */
export async function liveShared(context: AcpCaseContext, clauseId: AcpClauseId, record: PropertyRecorder): Promise<AcpConnection | null> {
  // The run stops restarting a shared agent that keeps dying; it may then have none to give.
  const shared = (await context.shared()) as InitializedAgent | null;
  if (shared !== null && shared.result !== null) return shared.connection;
  record.inconclusive(clauseId, shared === null ? 'the shared agent died too often to be started again' : `initialize did not succeed (${describeOutcome(shared.outcome)})`);
  return null;
}
