import type { MutantDefinition } from '../../adapters/mutants/MutantDefinition.js';
import type { AcceptanceReport } from '../../reports/types.js';
import { clause, type ClauseId, type ProfileId } from '../clauses.js';
import type { MutantPlan } from './planMutant.js';
import type { RunEnd } from './runQualificationJob.js';
import { referenceLabels, type CellStatus, type ControlResult, type MatrixCell, type RowStatus } from './selfCheckReport.js';

// Judging kills, all pure: a mutant's report against its declaration (evaluateKill), one row of the
// kill matrix from how its run ended (judgeRun), and whether a reference's complete run is a valid
// control (judgeControl). A kill is credited only at claimed clauses the control does not FAIL.

/**
 * How one mutant's report fared against its declaration (a subset of the row statuses):
 * `killed` (every claimed clause FAILed, nothing outside claims and incidental clauses did),
 * `survived` (some claimed clause did not FAIL), `killed-with-findings` (every claimed clause
 * FAILed, and so did an undeclared one), `control-held` (an `inconclusive` control behaved:
 * nothing FAILed outside its incidental clauses and no SEM MUST clause PASSed falsely) and
 * `control-broken` (it did not).
 */
export type KillStatus = Extract<RowStatus, 'killed' | 'survived' | 'killed-with-findings' | 'control-held' | 'control-broken'>;

/** The verdict on one mutant, with the clauses that explain it. */
export interface KillEvaluation {
  readonly mutant: string;
  readonly status: KillStatus;
  /** Claimed clauses that did not FAIL, with their verdicts. */
  readonly survivors: readonly { readonly clauseId: ClauseId; readonly verdict: string }[];
  /** FAILed clauses outside claims and incidental clauses. */
  readonly unexpected: readonly ClauseId[];
}

// Clauses an only-unknown adapter can pass honestly: answering unknown to a fresh observe is correct.
const HONEST_UNDER_UNKNOWN: ReadonlySet<ClauseId> = new Set(['SEM-OBSERVE-FRESH', 'SEM-TERMINAL-WITHOUT-ACCEPT']);

/**
 * Pure: judges one mutant's acceptance report against its declaration. A kill
 * counts only at the claimed clauses; failing elsewhere is reported, never
 * credited.
 */
export function evaluateKill(mutant: MutantDefinition, report: AcceptanceReport): KillEvaluation {
  const verdicts = new Map(report.clauses.map((entry) => [entry.id, entry.verdict]));
  const declared = new Set<ClauseId>([...mutant.claims, ...mutant.incidental]);
  const unexpected = report.clauses.filter((entry) => entry.verdict === 'FAIL' && !declared.has(entry.id)).map((entry) => entry.id);
  if (mutant.expect === 'inconclusive') {
    const falsePasses = report.clauses.filter((entry) => entry.verdict === 'PASS' && clause(entry.id).family === 'SEM' && entry.level === 'MUST' && !HONEST_UNDER_UNKNOWN.has(entry.id));
    const survivors = falsePasses.map((entry) => ({ clauseId: entry.id, verdict: entry.verdict }));
    return { mutant: mutant.name, status: survivors.length === 0 && unexpected.length === 0 ? 'control-held' : 'control-broken', survivors, unexpected };
  }
  const survivors = mutant.claims.map((clauseId) => ({ clauseId, verdict: verdicts.get(clauseId) ?? 'absent' })).filter((entry) => entry.verdict !== 'FAIL');
  const status: KillStatus = survivors.length > 0 ? 'survived' : unexpected.length > 0 ? 'killed-with-findings' : 'killed';
  return { mutant: mutant.name, status, survivors, unexpected };
}

/** A judged mutant run, before it is placed in the report. */
export interface RunJudgement {
  readonly status: RowStatus;
  readonly cells: readonly MatrixCell[];
  readonly findings: readonly ClauseId[];
  readonly detail: string | null;
}

/**
 * Pure: one row of the kill matrix. A claimed clause counts as killed only if
 * it FAILed here and not on the control; a run that timed out or crashed kills
 * nothing, whatever it printed before.
 *
 * @param plan - the mutant and the tests its run was limited to
 * @param end - how the mutant's run ended
 * @param report - its `acceptance.json`, or null when none was read
 * @param controlFailed - clauses the control FAILed
 */
export function judgeRun(plan: MutantPlan, end: RunEnd, report: AcceptanceReport | null, controlFailed: ReadonlySet<ClauseId>): RunJudgement {
  const claims = plan.judged.claims;
  if (end.kind !== 'report' || report === null || report.suiteErrors.length > 0) {
    const status: RowStatus = end.kind === 'timed-out' ? 'timed-out' : 'error';
    const detail = end.kind === 'report' ? (report === null ? 'no acceptance.json was written' : `suite error: ${report.suiteErrors[0]?.split('\n', 1)[0] ?? ''}`) : end.detail;
    const cells = claims.map((clauseId): MatrixCell => ({ clauseId, status, verdict: null }));
    return { status, cells, findings: [], detail };
  }
  const evaluation = evaluateKill(plan.judged, report);
  const verdicts = new Map(report.clauses.map((entry) => [entry.id, entry.verdict]));
  const cellStatus = (clauseId: ClauseId): CellStatus => {
    if (controlFailed.has(clauseId)) return 'control-red';
    if (verdicts.get(clauseId) === 'FAIL') return 'killed';
    return evaluation.unexpected.length > 0 ? 'wrong-reason' : 'survived';
  };
  const cells = claims.map((clauseId): MatrixCell => ({ clauseId, status: cellStatus(clauseId), verdict: verdicts.get(clauseId) ?? null }));
  const controlRed = cells.filter((cell) => cell.status === 'control-red').map((cell) => cell.clauseId);
  let status: RowStatus = evaluation.status;
  if (status === 'survived' && evaluation.unexpected.length > 0) status = 'wrong-reason';
  if ((status === 'killed' || status === 'killed-with-findings') && controlRed.length > 0) status = 'survived';
  return { status, cells, findings: evaluation.unexpected, detail: explain(status, evaluation, controlRed) };
}

function explain(status: RowStatus, evaluation: ReturnType<typeof evaluateKill>, controlRed: readonly ClauseId[]): string | null {
  const survivors = evaluation.survivors.map((entry) => `${entry.clauseId} ${entry.verdict}`).join(', ');
  switch (status) {
    case 'killed':
    case 'control-held':
      return null;
    case 'killed-with-findings':
      return `also FAILed undeclared ${evaluation.unexpected.join(', ')}`;
    case 'wrong-reason':
      return `claimed ${survivors}; FAILed only undeclared ${evaluation.unexpected.join(', ')}`;
    case 'control-broken':
      return [
        evaluation.survivors.length === 0 ? '' : `falsely PASSed ${evaluation.survivors.map((entry) => entry.clauseId).join(', ')}`,
        evaluation.unexpected.length === 0 ? '' : `FAILed undeclared ${evaluation.unexpected.join(', ')}`,
      ]
        .filter((part) => part !== '')
        .join('; ');
    default:
      return controlRed.length > 0 ? `the control FAILed ${controlRed.join(', ')} too` : `claimed ${survivors}`;
  }
}

/**
 * Pure: whether a reference's complete run (the reference adapter, or the
 * manifest reference directory) is a valid control. It
 * is green only with a report, no MUST FAIL, no suite error, and a reason on
 * every clause left SKIP or INCONCLUSIVE. A FAILed SHOULD clause does not void
 * the result, but no mutant can be credited at that clause.
 *
 * @param end - how the control run ended
 * @param report - its `acceptance.json`, or null when none was read
 * @param reportDir - the control's report directory, relative to the self-check directory
 * @param profile - the profile it controls @defaultValue 'coding-operation.v1'
 */
export function judgeControl(end: RunEnd, report: AcceptanceReport | null, reportDir: string, profile: ProfileId = 'coding-operation.v1'): ControlResult {
  const base = { profile, reportDir, durationMs: end.durationMs };
  if (end.kind !== 'report' || report === null) {
    const problem =
      end.kind === 'timed-out' ? `the control run timed out: ${end.detail}` : `the control run wrote no report: ${end.kind === 'error' ? end.detail : 'acceptance.json missing'}`;
    return { ...base, green: false, problems: [problem], failedClauses: [], verdict: null };
  }
  const failed = report.clauses.filter((entry) => entry.verdict === 'FAIL');
  const problems = [
    ...failed.filter((entry) => entry.level === 'MUST').map((entry) => `${entry.id} FAILed on the ${referenceLabels[profile]}: ${entry.reason ?? 'no reason given'}`),
    ...report.suiteErrors.map((error) => `suite error: ${error.split('\n', 1)[0] ?? ''}`),
    ...report.clauses
      .filter((entry) => (entry.verdict === 'SKIP' || entry.verdict === 'INCONCLUSIVE') && (entry.reason ?? '').trim() === '')
      .map((entry) => `${entry.id} is ${entry.verdict} without a reason`),
  ];
  if (report.profile !== profile) problems.unshift(`the control report is of profile ${report.profile}, not ${profile}`);
  return {
    ...base,
    green: problems.length === 0,
    problems,
    failedClauses: failed.map((entry) => ({ clauseId: entry.id, level: entry.level })),
    verdict: report.verdict,
  };
}
