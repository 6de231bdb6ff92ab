import type { MutantDefinition } from '../../adapters/mutants/MutantDefinition.js';
import type { ProfileId } from '../clauses.js';
import type { MutantPlan } from './planMutant.js';
import {
  SELF_CHECK_SCHEMA_VERSION,
  type CorpusCoverage,
  type MutantRun,
  type MutantSummary,
  type RowStatus,
  type SelfCheckReport,
} from './types.js';

/** Everything a self-check produced, before it is judged as a whole. */
export interface SelfCheckInput
  extends Pick<SelfCheckReport, 'mode' | 'suite' | 'startedAt' | 'finishedAt' | 'settings' | 'control' | 'manifestControl'> {
  /** The selected mutants (coding-operation first, then manifest fixtures), in catalog order, each with its plan and profile. */
  readonly selected: readonly { readonly mutant: MutantDefinition; readonly plan: MutantPlan; readonly profile: ProfileId }[];
  /** Every mutant run (judgeable mutants only, one per seed). */
  readonly runs: readonly MutantRun[];
  readonly corpus: CorpusCoverage;
}

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
  'not-judgeable': false,
};

/**
 * Whether a run counts as a kill (for a control mutant: as held).
 * @param status - the run's row status
 */
export function isKill(status: RowStatus): boolean {
  return SUCCESS[status];
}

/**
 * Pure: the self-check report. It passes only when the control is green and
 * every judgeable mutant is killed in at least `requiredKillRate` of its seeds.
 * Each profile has its control (the coding-operation reference adapter, the
 * manifest reference directory); a red control voids its profile's rows, and
 * the self-check cannot pass. The score is clean kills over judgeable runs.
 *
 * @param input - the control, the selected mutants and their runs
 */
export function buildSelfCheckReport(input: SelfCheckInput): SelfCheckReport {
  const mutants = input.selected.map(({ mutant, plan, profile }): MutantSummary => {
    const runs = input.runs.filter((run) => run.mutant === mutant.name && run.profile === profile);
    const killedSeeds = runs.filter((run) => isKill(run.status)).length;
    return {
      mutant: mutant.name,
      profile,
      description: mutant.description,
      claims: mutant.claims,
      deferredClaims: plan.deferredClaims,
      judgeable: plan.judgeable,
      killedSeeds,
      seeds: runs.length,
      pass: plan.judgeable && runs.length > 0 && killedSeeds >= requiredKills(runs.length, input.settings.requiredKillRate),
    };
  });
  const judgeableRuns = input.runs.filter((run) => run.status !== 'not-judgeable');
  const killed = judgeableRuns.filter((run) => isKill(run.status)).length;
  const voidProfiles = [input.control, input.manifestControl].flatMap((control) => (control === null || control.green ? [] : [control.profile]));
  const isVoid = voidProfiles.length > 0;
  const percent = judgeableRuns.length === 0 ? null : Math.floor((killed / judgeableRuns.length) * 1000) / 10;
  const { threshold } = input.settings;
  // With --threshold the score decides; without, every judgeable mutant must pass. A red control fails either way.
  const passed = !isVoid && (threshold === null ? mutants.every((summary) => !summary.judgeable || summary.pass) : percent !== null && percent >= threshold);
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
      judgeable: judgeableRuns.length,
      percent,
    },
    corpus: input.corpus,
    passed,
    exitCode: passed ? 0 : 1,
  };
}

// Integer arithmetic, so 9 of 10 seeds meets 90% despite floating point.
function requiredKills(seeds: number, rate: number): number {
  return Math.ceil(Math.round(rate * 1000) * seeds / 1000);
}
