import type { ErrorObject } from 'ajv';
import { compileSuiteSchema } from '../schemas.js';
import type { MutantDefinition } from '../../adapters/mutants/MutantDefinition.js';
import { describeSchemaErrors } from '../../reports/validateReport.js';
import schema from '../../reports/self-check.schema.json' with { type: 'json' };
import { adapterManifestClauses, codingOperationClauses, type ClauseDefinition, type ClauseId, type ClauseLevel, type ProfileId } from '../clauses.js';
import type { MutantPlan } from './planMutant.js';

// The self-check report: its shape (`self-check.json`), how it is built from the runs' judgements
// (pure), and its validation against `reports/self-check.schema.json` before anything is written.

/** The version of `self-check.json` this code writes; `reports/self-check.schema.json` pins it. */
export const SELF_CHECK_SCHEMA_VERSION = 3;

/** How a self-check runs: one seed per mutant (the kill matrix), or a sweep of seeds. */
export const SELF_CHECK_MODES = ['matrix', 'sweep'] as const;

/** One of {@link SELF_CHECK_MODES}. */
export type SelfCheckMode = (typeof SELF_CHECK_MODES)[number];

/**
 * How one mutant run can fare, as rows of the kill matrix:
 * - `killed`: every claimed clause FAILed, and nothing FAILed outside the declared clauses;
 * - `killed-with-findings`: every claimed clause FAILed, but so did an undeclared clause
 *   (a finding, not a success: the declaration is out of date);
 * - `wrong-reason`: a claimed clause did not FAIL, yet another, undeclared clause did;
 * - `survived`: a claimed clause did not FAIL, and nothing undeclared FAILed;
 * - `control-held` / `control-broken`: an `inconclusive` control mutant behaved / did not;
 * - `timed-out`: the run hit its wall-clock cap;
 * - `error`: the run crashed, wrote no report, or the suite itself failed (exit 3).
 *
 * `reports/self-check.schema.json` lists the same values (a test pins it).
 */
export const ROW_STATUSES = ['killed', 'killed-with-findings', 'wrong-reason', 'survived', 'control-held', 'control-broken', 'timed-out', 'error'] as const;

/** One of {@link ROW_STATUSES}. */
export type RowStatus = (typeof ROW_STATUSES)[number];

// A run proves the check only when it is a clean kill; a finding means the declaration is out of date.
const SUCCESS: Readonly<Record<RowStatus, boolean>> = {
  killed: true,
  'control-held': true,
  'killed-with-findings': false,
  'wrong-reason': false,
  survived: false,
  'control-broken': false,
  'timed-out': false,
  error: false,
};

/**
 * Whether a run counts as a kill (for a control mutant: as held).
 * @param status - the run's row status
 */
export function isKill(status: RowStatus): boolean {
  return SUCCESS[status];
}

/** How one cell of the kill matrix (one claimed clause of one mutant run) can fare; the schema lists the same values. */
export const CELL_STATUSES = ['killed', 'survived', 'wrong-reason', 'timed-out', 'error', 'control-red'] as const;

/** One of {@link CELL_STATUSES}. */
export type CellStatus = (typeof CELL_STATUSES)[number];

/** One claimed clause of a mutant run. */
export interface MatrixCell {
  readonly clauseId: ClauseId;
  readonly status: CellStatus;
  /** The clause's verdict in the mutant's report, or null when there is no report. */
  readonly verdict: string | null;
}

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
  /** Seeds in which the mutant was killed (or, for a control mutant, held). */
  readonly killedSeeds: number;
  readonly seeds: number;
  /** Killed in at least the required share of seeds. */
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

/**
 * What each profile's control qualifies, as messages name it.
 * @internal Shared by `judgeControl` and the renderers.
 */
export const referenceLabels: Readonly<Record<ProfileId, string>> = Object.freeze({
  'coding-operation.v1': 'reference adapter',
  'adapter-manifest.v1': 'manifest reference directory',
});

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
  /** `--threshold`: the lowest mutation score (percent) that passes; null: every mutant must be killed. */
  readonly threshold: number | null;
}

/** The content of `self-check.json` (schema: `reports/self-check.schema.json`). */
export interface SelfCheckReport {
  readonly schemaVersion: typeof SELF_CHECK_SCHEMA_VERSION;
  readonly mode: SelfCheckMode;
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
  /** Clean kills (control mutants: held) over all runs (the field keeps its name from when some runs could not be judged); percent is null with no run, and rounded down. */
  readonly score: { readonly killed: number; readonly judgeable: number; readonly percent: number | null };
  readonly corpus: CorpusCoverage;
  readonly passed: boolean;
  /** 0 passed, 1 not passed (control red, survivor, finding, timeout, error). */
  readonly exitCode: 0 | 1;
}

/** Everything a self-check produced, before it is judged as a whole. */
export interface SelfCheckInput extends Pick<SelfCheckReport, 'mode' | 'suite' | 'startedAt' | 'finishedAt' | 'settings' | 'control' | 'manifestControl'> {
  /** The selected mutants (coding-operation first, then manifest fixtures), in catalog order, each with its plan and profile. */
  readonly selected: readonly { readonly mutant: MutantDefinition; readonly plan: MutantPlan; readonly profile: ProfileId }[];
  /** Every mutant run (one per seed). */
  readonly runs: readonly MutantRun[];
  readonly corpus: CorpusCoverage;
}

/**
 * Pure: the self-check report. It passes only when the control is green and
 * every mutant is killed in at least `requiredKillRate` of its seeds.
 * Each profile has its control (the coding-operation reference adapter, the
 * manifest reference directory); a red control voids its profile's rows, and
 * the self-check cannot pass. The score is clean kills over all runs.
 *
 * @param input - the control, the selected mutants and their runs
 */
export function buildSelfCheckReport(input: SelfCheckInput): SelfCheckReport {
  const mutants = input.selected.map(({ mutant, profile }): MutantSummary => {
    const runs = input.runs.filter((run) => run.mutant === mutant.name && run.profile === profile);
    const killedSeeds = runs.filter((run) => isKill(run.status)).length;
    return {
      mutant: mutant.name,
      profile,
      description: mutant.description,
      claims: mutant.claims,
      killedSeeds,
      seeds: runs.length,
      pass: runs.length > 0 && killedSeeds >= requiredKills(runs.length, input.settings.requiredKillRate),
    };
  });
  const killed = input.runs.filter((run) => isKill(run.status)).length;
  const voidProfiles = [input.control, input.manifestControl].flatMap((control) => (control === null || control.green ? [] : [control.profile]));
  const isVoid = voidProfiles.length > 0;
  const percent = input.runs.length === 0 ? null : Math.floor((killed / input.runs.length) * 1000) / 10;
  const { threshold } = input.settings;
  // With --threshold the score decides; without, every mutant must pass. A red control fails either way.
  const passed = !isVoid && (threshold === null ? mutants.every((summary) => summary.pass) : percent !== null && percent >= threshold);
  return {
    schemaVersion: SELF_CHECK_SCHEMA_VERSION,
    mode: input.mode,
    suite: input.suite,
    startedAt: input.startedAt,
    finishedAt: input.finishedAt,
    settings: input.settings,
    control: input.control,
    manifestControl: input.manifestControl,
    void: isVoid,
    voidProfiles,
    mutants,
    runs: input.runs,
    score: {
      killed,
      judgeable: input.runs.length,
      percent,
    },
    corpus: input.corpus,
    passed,
    exitCode: passed ? 0 : 1,
  };
}

// Integer arithmetic, so 9 of 10 seeds meets 90% despite floating point.
function requiredKills(seeds: number, rate: number): number {
  return Math.ceil((Math.round(rate * 1000) * seeds) / 1000);
}

// The command adapter's families; SDK clauses concern a module, which no command mutant can break.
const COMMAND_FAMILIES: ReadonlySet<string> = new Set(['REQ', 'OUT', 'SEM']);

/**
 * Pure: how far the mutant corpus reaches: the adapter-side MUST clauses
 * (REQ, OUT, SEM; every clause of the manifest profile) no mutant claims.
 * Host obligations such as the history checker's are proved by the suite's
 * own tests. Only claims count: a clause a mutant merely
 * breaks incidentally has no mutant proving its check.
 *
 * @param mutants - the whole coding-operation corpus
 * @param fixtures - the adapter-manifest.v1 fixtures (every clause of that profile is adapter-side)
 * @param clauses - the coding-operation clauses @defaultValue the registry's
 * @param manifestClauses - the adapter-manifest.v1 clauses @defaultValue the registry's
 */
export function corpusCoverage(
  mutants: readonly MutantDefinition[],
  fixtures: readonly MutantDefinition[],
  clauses: readonly ClauseDefinition[] = codingOperationClauses,
  manifestClauses: readonly ClauseDefinition[] = adapterManifestClauses,
): CorpusCoverage {
  return {
    mutants: mutants.length,
    semMutants: mutants.filter((mutant) => mutant.claims.some((id) => id.startsWith('SEM-'))).length,
    unclaimedMustClauses: unclaimedMust(
      mutants,
      clauses.filter((entry) => COMMAND_FAMILIES.has(entry.family)),
    ),
    manifest: { fixtures: fixtures.length, unclaimedMustClauses: unclaimedMust(fixtures, manifestClauses) },
  };
}

function unclaimedMust(corpus: readonly MutantDefinition[], clauses: readonly ClauseDefinition[]): ClauseId[] {
  const claimed = new Set(corpus.flatMap((mutant) => mutant.claims));
  return clauses.filter((entry) => entry.level === 'MUST' && entry.obligation === 'adapter' && !claimed.has(entry.id)).map((entry) => entry.id);
}

/**
 * A built self-check report does not match `reports/self-check.schema.json`:
 * a bug of self-check (exit code 3), never a verdict on the suite.
 */
export class SelfCheckSchemaError extends Error {
  override readonly name = 'SelfCheckSchemaError' as const;
  /** Ajv's errors, each with its `instancePath` into the report. */
  readonly errors: readonly ErrorObject[];

  /**
   * @param errors - the errors Ajv reported
   */
  constructor(errors: readonly ErrorObject[]) {
    const first = describeSchemaErrors(errors);
    super(`The self-check report does not match its schema (a self-check bug): ${first}`);
    this.errors = errors;
  }
}

// Compiled once, at module load, on the suite's strict instance: the schema is the suite's own (a mismatch
// is our bug), and self-check validates before every write.
const validate = compileSuiteSchema(schema);

/**
 * Lists what makes `report` break `reports/self-check.schema.json`.
 * @param report - a candidate `self-check.json` value
 * @returns Ajv's errors; empty when the report is valid
 */
export function selfCheckSchemaErrors(report: unknown): readonly ErrorObject[] {
  return validate(report) ? [] : [...(validate.errors ?? [])];
}

/**
 * Asserts that `report` matches `reports/self-check.schema.json`.
 * @param report - a candidate `self-check.json` value
 * @throws {@link SelfCheckSchemaError} when it does not
 */
export function validateSelfCheckReport(report: unknown): asserts report is SelfCheckReport {
  const errors = selfCheckSchemaErrors(report);
  if (errors.length > 0) throw new SelfCheckSchemaError(errors);
}
