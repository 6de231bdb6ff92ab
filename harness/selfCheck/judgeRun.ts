import type { ClauseId } from '../clauses.js';
import type { AcceptanceReport } from '../../reports/types.js';
import { evaluateKill } from './evaluateKill.js';
import type { MutantPlan } from './planMutant.js';
import type { CellStatus, MatrixCell, RowStatus, RunEnd } from './types.js';

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
 * @param plan - the mutant as this version can judge it
 * @param end - how the mutant's run ended
 * @param report - its `acceptance.json`, or null when none was read
 * @param controlFailed - clauses the control FAILed
 */
export function judgeRun(plan: MutantPlan, end: RunEnd, report: AcceptanceReport | null, controlFailed: ReadonlySet<ClauseId>): RunJudgement {
  const claims = plan.judged.claims;
  const deferredCells = plan.deferredClaims.map((clauseId): MatrixCell => ({ clauseId, status: 'not-judgeable', verdict: null }));
  if (!plan.judgeable) {
    return { status: 'not-judgeable', cells: deferredCells, findings: [], detail: `claims only ${plan.deferredClaims.join(', ')}, which this version does not check yet` };
  }
  if (end.kind !== 'report' || report === null || report.suiteErrors.length > 0) {
    const status: RowStatus = end.kind === 'timed-out' ? 'timed-out' : 'error';
    const detail = end.kind === 'report' ? (report === null ? 'no acceptance.json was written' : `suite error: ${report.suiteErrors[0]?.split('\n', 1)[0] ?? ''}`) : end.detail;
    const cells = claims.map((clauseId): MatrixCell => ({ clauseId, status, verdict: null }));
    return { status, cells: [...cells, ...deferredCells], findings: [], detail };
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
  return { status, cells: [...cells, ...deferredCells], findings: evaluation.unexpected, detail: explain(status, evaluation, controlRed) };
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
      return [evaluation.survivors.length === 0 ? '' : `falsely PASSed ${evaluation.survivors.map((entry) => entry.clauseId).join(', ')}`, evaluation.unexpected.length === 0 ? '' : `FAILed undeclared ${evaluation.unexpected.join(', ')}`]
        .filter((part) => part !== '')
        .join('; ');
    default:
      return controlRed.length > 0 ? `the control FAILed ${controlRed.join(', ')} too` : `claimed ${survivors}`;
  }
}
