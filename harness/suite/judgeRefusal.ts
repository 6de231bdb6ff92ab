import type { BoundaryBound } from '../../generators/boundaryCases.js';
import type { RequestDefect } from '../../generators/RequestDefect.js';
import { bindingFor } from '../protocol/requests.js';
import { canonicalJson, type JsonValue } from '../protocol/canonicalJson.js';
import type { Binding } from '../protocol/types.js';
import { judgeMalformedAnswer } from '../judge/judgeMalformedAnswer.js';
import type { CallRecord } from '../transport/callRecord.js';
import { violation } from '../violation.js';
import type { AdapterSession } from './AdapterSession.js';
import { admissionOf, describeExchange, type Exchange } from '../model/exchange.js';
import type { CaseResult } from '../model/caseResult.js';
import { PHANTOM_ADMISSIONS, undecidedCase } from './exchangeHelpers.js';
import type { OperationIds } from '../model/OperationIds.js';

// Judges of refusals: what a malformed request's answer and the observes after it prove
// (the REQ-* clauses), whether a request on a bound was wrongly refused (REQ-BOUNDARY-ACCEPT),
// and whether a valid submit was refused for its payload (SEM-SUBMIT-ADMITS). Pure, except
// `submitControl`, which makes the control call these judges compare with.

/** What a malformed request's judges need of its recipe. */
export type JudgedDefect = Pick<RequestDefect, 'blame' | 'argvAction' | 'target'>;

/** The facts every violation of a malformed request carries. */
function defectDetails(defect: JudgedDefect, record: CallRecord): Record<string, unknown> {
  return { argvAction: defect.argvAction, target: defect.target, exitCode: record.exitCode, signal: record.signal };
}

function exitText(record: CallRecord): string {
  return record.signal !== null ? `killed by ${record.signal}` : `exit code ${String(record.exitCode)}`;
}

/**
 * Judges the answer to one malformed request: an admission or an exit 0 without an
 * `unknown` outcome breaks every clause the defect blames; an uncertain call is undecided.
 *
 * @param defect - the recipe of the request sent
 * @param record - its call
 * @returns the case's verdict, or `refused` when it refused (the follow-up observes decide)
 */
export function judgeDefectAnswer(defect: JudgedDefect, record: CallRecord): CaseResult | 'refused' {
  const answer = judgeMalformedAnswer(record);
  const details = defectDetails(defect, record);
  switch (answer.kind) {
    case 'uncertain':
      return { verdict: 'undecided', reason: `the malformed request's call was uncertain (${answer.reason})` };
    case 'admission':
      return {
        verdict: 'violated',
        violations: defect.blame.map((clauseId) => violation(clauseId, `admitted a malformed request: answered state "${answer.state}" (${exitText(record)})`, { details })),
      };
    case 'not-refused':
      return {
        verdict: 'violated',
        violations: defect.blame.map((clauseId) =>
          violation(clauseId, 'did not refuse a malformed request: exit code 0 without an unknown outcome', { details: { ...details, stdoutBytes: record.stdoutBytes } }),
        ),
      };
    case 'refused':
      return 'refused';
  }
}

/** A well-formed observe made after a refused malformed request. */
export interface FollowUp {
  readonly binding: Binding;
  readonly exchange: Exchange;
}

/**
 * Judges the observes after a refused malformed request (on a fresh binding, where any
 * admission was made by the refused request): the first admission breaks every clause the
 * defect blames, unless the adapter's observe also invents admissions for a binding nobody
 * submitted (`phantom`), which convicts nothing. An uncertain observe first is undecided.
 *
 * @param defect - the recipe of the refused request
 * @param record - the refused request's call
 * @param followUps - the observes, in call order (those after the first uncertain or admitted one are ignored)
 * @param phantom - whether a control observe of a never-submitted binding was answered with an admission
 */
export function judgeFollowUps(defect: JudgedDefect, record: CallRecord, followUps: readonly FollowUp[], phantom: boolean): CaseResult {
  const decisive = followUps.find(({ exchange }) => exchange.kind === 'uncertain' || admissionOf(exchange) !== null);
  if (decisive === undefined) return { verdict: 'held' };
  const { binding, exchange } = decisive;
  if (exchange.kind === 'uncertain') return { verdict: 'undecided', reason: `the follow-up observe was uncertain (${exchange.reason})` };
  if (phantom) return { verdict: 'undecided', reason: PHANTOM_ADMISSIONS };
  return {
    verdict: 'violated',
    violations: defect.blame.map((clauseId) =>
      violation(clauseId, `admitted by the refused request: a later observe of ${binding.operationId} answered ${describeExchange(exchange)}`, {
        details: { ...defectDetails(defect, record), followUp: { ...binding } },
      }),
    ),
  };
}

/**
 * Whether the submit of a request sitting on a bound was refused (an unknown outcome, a nonzero
 * exit or a foreign signal), so that a control submit must say whether it refuses everything.
 * @param answer - the submit's exchange
 */
export function refusedOnBound(answer: Exchange): boolean {
  if (admissionOf(answer) !== null) return false;
  return answer.kind === 'outcome' || answer.record?.uncertainty === 'nonzero-exit' || answer.record?.uncertainty === 'killed-by-signal';
}

/**
 * Judges REQ-BOUNDARY-ACCEPT for one request sitting exactly on a bound: it must be admitted.
 * A refusal breaks the clause only when the control submit (payload `null`), made right after,
 * was admitted: an adapter that admits nothing at all is not refusing the bound.
 *
 * @param bound - the bound the request sits on
 * @param answer - the submit's exchange
 * @param control - the control submit's exchange; null when none was made (the answer was no refusal)
 */
export function judgeBoundaryCase(bound: BoundaryBound, answer: Exchange, control: Exchange | null): CaseResult {
  if (admissionOf(answer) !== null) return { verdict: 'held' };
  if (!refusedOnBound(answer)) return { verdict: 'undecided', reason: `the submit on the bound answered ${describeExchange(answer)}` };
  if (control === null) throw new RangeError('judgeBoundaryCase: a refusal on the bound needs its control submit');
  if (admissionOf(control) === null) {
    return { verdict: 'undecided', reason: `the adapter refused a request on the bound, but also the control submit of payload null (${describeExchange(control)})` };
  }
  return {
    verdict: 'violated',
    violations: [violation('REQ-BOUNDARY-ACCEPT', `refused a request sitting exactly on the ${bound} bound: answered ${describeExchange(answer)}`, { details: { bound } })],
  };
}

/** The control payload: the smallest object, which any adapter admitting JSON objects admits. */
export const CONTROL_PAYLOAD: JsonValue = Object.freeze({}) as JsonValue;

/**
 * Whether the answer to a valid submit is a refusal: a nonzero exit, an SDK's
 * rejection, or an `unknown` outcome. Anything else (an admission, a timeout, a host fault,
 * invalid output) is not.
 * @param answer - the exchange of the submit
 * @public
 */
export function isRefusal(answer: Exchange): boolean {
  if (answer.kind === 'outcome') return answer.outcome.state === 'unknown';
  const refusal = answer.record?.uncertainty;
  return refusal === 'nonzero-exit' || refusal === 'sdk-rejected';
}

/**
 * A held case when every one of `exchanges` was answered (an outcome or a refusal), else
 * undecided naming the first that was not: a timeout, invalid output or a host fault proves
 * nothing, so a case whose checks found nothing in such a call has not tested its rule.
 * @param exchanges - the calls the case's verdict rests on
 */
export function heldIfAnswered(exchanges: readonly Exchange[]): CaseResult {
  const silent = exchanges.filter((exchange) => exchange.kind === 'uncertain' && !isRefusal(exchange));
  const [first] = silent;
  return first === undefined ? { verdict: 'held' } : undecidedCase(`a call of the case gave no answer: ${describeExchange(first)}`, silent);
}

/** What one refused valid submit and its control showed. */
export interface RefusedSubmit {
  /** The refusal of the valid submit under test. */
  readonly refused: Exchange;
  /** The submit of the control payload under a fresh operation, made right after. */
  readonly control: Exchange;
  /** The payload features the refusal may depend on, in words (empty: none named). */
  readonly features: readonly string[];
}

/**
 * Judges a refused valid submit by its control (SEM-SUBMIT-ADMITS). When the
 * control is admitted, the authority was available and the refusal depends on
 * the payload (or the identity): a FAIL naming the features. When the control
 * is refused too, the adapter refuses everything (or is unavailable): undecided,
 * never a PASS. A control lost to the host's own failure is undecided as such.
 * Pure.
 * @param found - the refusal, its control and the features of the refused payload
 * @public
 */
export function judgeRefusedSubmit(found: RefusedSubmit): CaseResult {
  const controlAdmission = admissionOf(found.control);
  if (controlAdmission === null) {
    return undecidedCase(
      `a valid submit was refused (${describeExchange(found.refused)}), and so was the control submit of ${canonicalJson(CONTROL_PAYLOAD)} (${describeExchange(found.control)}): the authority refuses everything or is unavailable`,
      [found.control],
    );
  }
  const what = found.features.length === 0 ? 'the payload' : found.features.join(', ');
  return {
    verdict: 'violated',
    violations: [
      violation(
        'SEM-SUBMIT-ADMITS',
        `a valid submit was refused (${describeExchange(found.refused)}) while a control submit of ${canonicalJson(CONTROL_PAYLOAD)} under a fresh operation, made right after, was admitted (${controlAdmission.state}): the refusal depends on ${what}`,
        { details: { features: [...found.features] } },
      ),
    ],
  };
}

/**
 * Submits the control payload under a fresh operation of `session`'s authority.
 * @param session - the adapter session
 * @param ids - the test's operation IDs
 * @public
 */
export async function submitControl(session: AdapterSession, ids: OperationIds): Promise<Exchange> {
  const binding = bindingFor({ operationId: ids.fresh('control'), authorityId: session.authorityId, payload: CONTROL_PAYLOAD });
  return session.submit(binding, CONTROL_PAYLOAD);
}
