import { bindingFor } from '../protocol/bindingFor.js';
import { canonicalJson, type JsonValue } from '../protocol/canonicalJson.js';
import { violation } from '../violation.js';
import type { AdapterSession, Exchange } from './AdapterSession.js';
import type { CaseResult } from './checkProperty.js';
import { admissionOf, describeExchange, undecidedCase } from './exchangeHelpers.js';
import type { OperationIds } from './OperationIds.js';

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
