import type { ClauseId } from '../clauses.js';

/** One adapter call as shown in a counterexample (capped; never the environment). */
export interface CallExcerpt {
  /** The transport's id of the call, as on its transcript line (the join key from a report to its transcript). */
  readonly callId: string;
  readonly action: string;
  /** The request sent, as text, cut to a few KiB for the report (the transcript has it whole). */
  readonly request: string;
  readonly requestBytes: number;
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly timedOut: boolean;
  /** The first few KiB of stdout. */
  readonly stdout: string;
  readonly stdoutBytes: number;
  readonly uncertainty: string | null;
  /** Why the call was uncertain (the stream, spawn or deadline detail), when the transport said. */
  readonly uncertaintyDetail?: string;
}

/** The smallest failing case found for a clause. */
export interface Counterexample {
  /** The case in words, e.g. `submit with unknown top-level field "retry"`. */
  readonly description: string;
  /** The calls of the case, in order. */
  readonly calls: readonly CallExcerpt[];
}

/**
 * How a fault clause's faults were injected: `syscall` (at each durable step
 * strace recorded, by the step tracer) or `timing` (signals at delays, the
 * fallback where strace or Python is missing or ptrace is not permitted), and
 * what that covered or why.
 */
export interface FaultMethodNote {
  readonly method: 'syscall' | 'timing';
  readonly detail: string;
}

/** One recorded violation with the case that showed it. */
export interface RecordedViolation {
  readonly message: string;
  readonly instancePath?: string;
  readonly details?: Readonly<Record<string, unknown>>;
  readonly counterexample?: Counterexample;
}

/** How to reproduce a test's cases exactly. */
export interface ReplayHandle {
  /** The full test name, used as an anchored `--only` filter. */
  readonly testName: string;
  /** The seed the test's property ran with. */
  readonly seed: number;
  /** fast-check's path to the shrunk counterexample, when a property failed. */
  readonly path?: string;
}

/**
 * What one suite test learned about one clause. A test may speak for several
 * clauses (every call feeds the OUT clauses); the reporter merges them.
 */
export interface ClauseEvidence {
  readonly clauseId: ClauseId;
  /** Real cases that exercised the clause (a case with an uncertain call does not count). */
  readonly cases: number;
  /** At most a few violations, smallest (shrunk) first. */
  readonly violations: readonly RecordedViolation[];
  /** Cases left undecided by the host's own failure (stream, spawn), each retried once; absent when none. */
  readonly hostUncertain?: number;
  /** Why the clause could not be decided here, when it was attempted without evidence. */
  readonly inconclusive?: string;
  /** Why the clause was not attempted here (a missing prerequisite). */
  readonly skipped?: string;
  readonly replay?: ReplayHandle;
  /** For the fault clauses: how faults were injected. */
  readonly faultMethod?: FaultMethodNote;
}

/** What a suite test stores in `task.meta.qualify` for the reporter. */
export interface QualifyTestMeta {
  readonly testName: string;
  /** The clauses the test is about, as its name declares them (evidence may speak for more, e.g. OUT). */
  readonly clauses: readonly ClauseId[];
  readonly evidence: readonly ClauseEvidence[];
  /** Adapter calls the test made (for progress only); absent when none. */
  readonly calls?: number;
  /** Wall time of the test, ms: added by the reporter from vitest's diagnostic, absent when vitest gave none. */
  readonly durationMs?: number;
}
