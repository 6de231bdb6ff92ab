import type { ClauseId, ClauseLevel, ProfileId } from '../clauses.js';

/** The version of `self-check.json` this code writes; `reports/self-check.schema.json` pins it. */
export const SELF_CHECK_SCHEMA_VERSION = 2;

/**
 * How one mutant run fared, as a row of the kill matrix.
 * `killed-with-findings` is not a success: the mutant also FAILed a clause it does not declare.
 */
export type RowStatus =
  /** Every judgeable claimed clause FAILed, and nothing FAILed outside the declared clauses. */
  | 'killed'
  /** Every judgeable claimed clause FAILed, but so did an undeclared clause (a finding). */
  | 'killed-with-findings'
  /** A claimed clause did not FAIL, yet another, undeclared clause did: killed for the wrong reason. */
  | 'wrong-reason'
  /** A claimed clause did not FAIL, and nothing undeclared FAILed. */
  | 'survived'
  /** An `inconclusive` control mutant behaved. */
  | 'control-held'
  /** An `inconclusive` control mutant did not behave. */
  | 'control-broken'
  /** The run hit its wall-clock cap. */
  | 'timed-out'
  /** The run crashed, wrote no report, or the suite itself failed (exit 3). */
  | 'error'
  /** Every claimed clause is deferred: this version of the suite cannot judge the mutant yet. */
  | 'not-judgeable';

/** One cell of the kill matrix: one claimed clause of one mutant run. */
export type CellStatus = 'killed' | 'survived' | 'wrong-reason' | 'timed-out' | 'error' | 'control-red' | 'not-judgeable';

/** One claimed clause of a mutant run. */
export interface MatrixCell {
  readonly clauseId: ClauseId;
  readonly status: CellStatus;
  /** The clause's verdict in the mutant's report, or null when there is no report or the clause is deferred. */
  readonly verdict: string | null;
}

/** How a qualification run ended, as self-check sees it. */
export type RunEnd =
  | { readonly kind: 'report'; readonly exitCode: number; readonly durationMs: number }
  | { readonly kind: 'timed-out'; readonly durationMs: number; readonly detail: string }
  | { readonly kind: 'error'; readonly durationMs: number; readonly detail: string };

/** One mutant qualified with one seed. */
export interface MutantRun {
  readonly mutant: string;
  /** The profile the mutant breaks: a coding-operation mutant or an adapter-manifest fixture. */
  readonly profile: ProfileId;
  readonly seed: number;
  readonly status: RowStatus;
  readonly cells: readonly MatrixCell[];
  /** FAILed clauses outside the mutant's claims and incidental clauses. */
  readonly findings: readonly ClauseId[];
  /** One line explaining a status other than `killed`/`control-held`, or null. */
  readonly detail: string | null;
  /** The report directory kept for inspection, relative to the self-check directory. */
  readonly reportDir: string;
  readonly durationMs: number;
}

/** One mutant over all its seeds. */
export interface MutantSummary {
  readonly mutant: string;
  readonly profile: ProfileId;
  readonly description: string;
  readonly claims: readonly ClauseId[];
  /** Claimed clauses this version of the suite does not check yet. */
  readonly deferredClaims: readonly ClauseId[];
  readonly judgeable: boolean;
  /** Seeds in which the mutant was killed (or, for a control mutant, held). */
  readonly killedSeeds: number;
  readonly seeds: number;
  /** Judgeable and killed in at least the required share of seeds. */
  readonly pass: boolean;
}

/** The reference's complete run of one profile (the reference adapter, or the manifest reference directory). */
export interface ControlResult {
  readonly profile: ProfileId;
  /** Green: a report, no MUST FAIL, no suite error, every non-PASS clause with a reason. */
  readonly green: boolean;
  /** Why the control is red, one line each; empty when green. */
  readonly problems: readonly string[];
  /** Clauses the control FAILed (any level): a mutant cannot be credited there. */
  readonly failedClauses: readonly { readonly clauseId: ClauseId; readonly level: ClauseLevel }[];
  readonly verdict: string | null;
  readonly reportDir: string;
  readonly durationMs: number;
}

/** What the mutant corpus covers. */
export interface CorpusCoverage {
  readonly mutants: number;
  /** Mutants claiming at least one SEM clause. */
  readonly semMutants: number;
  /** Adapter-side MUST clauses (REQ, OUT, SEM) no mutant claims. */
  readonly unclaimedMustClauses: readonly ClauseId[];
  /** The adapter-manifest.v1 fixtures, and that profile's MUST clauses no fixture claims. */
  readonly manifest: { readonly fixtures: number; readonly unclaimedMustClauses: readonly ClauseId[] };
}

/** The settings every mutant run shared. */
export interface SelfCheckSettings {
  readonly seeds: readonly number[];
  readonly runs: number;
  readonly timeoutMs: number;
  readonly pollBudget: number;
  readonly concurrency: number;
  readonly parallel: number;
  readonly runCapMs: number;
  /** Share of seeds a mutant must be killed in (1 for a single seed, 0.9 in a sweep). */
  readonly requiredKillRate: number;
  /** `--threshold`: the lowest mutation score (percent) that passes; null: every judgeable mutant must be killed. */
  readonly threshold: number | null;
}

/** The content of `self-check.json` (schema: `reports/self-check.schema.json`). */
export interface SelfCheckReport {
  readonly schemaVersion: typeof SELF_CHECK_SCHEMA_VERSION;
  readonly mode: 'matrix' | 'sweep';
  readonly suite: { readonly name: string; readonly version: string };
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly settings: SelfCheckSettings;
  /** The coding-operation control: the reference adapter's complete run. */
  readonly control: ControlResult;
  /** The adapter-manifest.v1 control (the manifest reference directory), or null when no manifest fixture was selected. */
  readonly manifestControl: ControlResult | null;
  /** True when a control is red: no kill of its profile counts, and the self-check cannot pass. */
  readonly void: boolean;
  /** The profiles whose control is red. */
  readonly voidProfiles: readonly ProfileId[];
  readonly mutants: readonly MutantSummary[];
  readonly runs: readonly MutantRun[];
  /** Clean kills (control mutants: held) over judgeable runs; percent is null with nothing judgeable, and rounded down. */
  readonly score: { readonly killed: number; readonly judgeable: number; readonly percent: number | null };
  readonly corpus: CorpusCoverage;
  readonly passed: boolean;
  /** 0 passed, 1 not passed (control red, survivor, finding, timeout, error). */
  readonly exitCode: 0 | 1;
}
