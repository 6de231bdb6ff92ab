import type { ClauseId } from '../clauses.js';
import type { ClauseEvidence, Counterexample, FaultMethodNote, QualifyTestMeta, RecordedViolation, ReplayHandle } from '../evidence/types.js';
import type { Violation } from '../violation.js';

/** Violations kept per clause and test: enough to explain, small enough to read. */
const MAX_VIOLATIONS_PER_CLAUSE = 3;

interface MutableEvidence {
  cases: number;
  hostUncertain: number;
  violations: RecordedViolation[];
  inconclusive?: string;
  skipped?: string;
  replay?: ReplayHandle;
  faultMethod?: FaultMethodNote;
}

/**
 * Collects what one suite test learned, clause by clause, and turns it into the
 * `task.meta.qualify` record the reporter reads. It never decides a verdict:
 * the report builder does, from all tests together.
 */
export class EvidenceRecorder {
  readonly testName: string;
  readonly clauses: readonly ClauseId[];
  readonly #byClause = new Map<ClauseId, MutableEvidence>();
  #calls = 0;

  constructor(testName: string, clauses: readonly ClauseId[]) {
    this.testName = testName;
    this.clauses = clauses;
  }

  /** Counts real cases that exercised `clauseId` (uncertain calls do not count). */
  count(clauseId: ClauseId, cases = 1): void {
    this.#entry(clauseId).cases += cases;
  }

  /** Counts one adapter call of the test (shown in progress, never evidence). */
  countCall(): void {
    this.#calls += 1;
  }

  /** Counts cases left undecided by the host's own failure (a stream or spawn failure), never the adapter's. */
  hostUncertain(clauseId: ClauseId, cases = 1): void {
    this.#entry(clauseId).hostUncertain += cases;
  }

  /** Records a violation with the case that showed it. Smallest (shrunk) cases should be recorded first. */
  fail(found: Violation, counterexample?: Counterexample, replay?: ReplayHandle): void {
    const entry = this.#entry(found.clauseId);
    if (entry.violations.length >= MAX_VIOLATIONS_PER_CLAUSE) return;
    entry.violations.push({
      message: found.message,
      ...(found.instancePath === undefined ? {} : { instancePath: found.instancePath }),
      ...(found.details === undefined ? {} : { details: found.details }),
      ...(counterexample === undefined ? {} : { counterexample }),
    });
    if (replay !== undefined && entry.replay === undefined) entry.replay = replay;
  }

  /** The clause was attempted but gave no evidence; the first reason wins. */
  inconclusive(clauseId: ClauseId, reason: string): void {
    this.#entry(clauseId).inconclusive ??= reason;
  }

  /** The clause was not attempted for a missing prerequisite; the first reason wins. */
  skip(clauseId: ClauseId, reason: string): void {
    this.#entry(clauseId).skipped ??= reason;
  }

  /** Attaches the handle that replays this test's cases. */
  replay(clauseId: ClauseId, handle: ReplayHandle): void {
    this.#entry(clauseId).replay ??= handle;
  }

  /** Says how a fault clause's faults were injected; a timing note is never overwritten by a syscall one. */
  faultMethod(clauseId: ClauseId, note: FaultMethodNote): void {
    const entry = this.#entry(clauseId);
    if (entry.faultMethod?.method !== 'timing') entry.faultMethod = note;
  }

  /** Whether any clause has a violation. */
  hasViolations(): boolean {
    return [...this.#byClause.values()].some((entry) => entry.violations.length > 0);
  }

  /** Clause IDs with violations, for the test's failure message. */
  violatedClauses(): ClauseId[] {
    return [...this.#byClause].filter(([, entry]) => entry.violations.length > 0).map(([id]) => id);
  }

  /** The JSON-serializable record for `task.meta.qualify`. */
  meta(): QualifyTestMeta {
    const evidence: ClauseEvidence[] = [...this.#byClause].map(([clauseId, entry]) => ({
      clauseId,
      cases: entry.cases,
      violations: entry.violations,
      ...(entry.hostUncertain === 0 ? {} : { hostUncertain: entry.hostUncertain }),
      ...(entry.inconclusive === undefined ? {} : { inconclusive: entry.inconclusive }),
      ...(entry.skipped === undefined ? {} : { skipped: entry.skipped }),
      ...(entry.replay === undefined ? {} : { replay: entry.replay }),
      ...(entry.faultMethod === undefined ? {} : { faultMethod: entry.faultMethod }),
    }));
    return { testName: this.testName, clauses: this.clauses, evidence, ...(this.#calls === 0 ? {} : { calls: this.#calls }) };
  }

  #entry(clauseId: ClauseId): MutableEvidence {
    let entry = this.#byClause.get(clauseId);
    if (entry === undefined) {
      entry = { cases: 0, hostUncertain: 0, violations: [] };
      this.#byClause.set(clauseId, entry);
    }
    return entry;
  }
}
