import { bindingFor } from '../protocol/bindingFor.js';
import { isArrayIndexKey, type JsonValue } from '../protocol/canonicalJson.js';
import { violation } from '../violation.js';
import type { AdapterSession, Exchange } from './AdapterSession.js';
import type { CaseResult } from './checkProperty.js';
import { admissionOf, describeExchange } from './exchangeHelpers.js';
import type { OperationIds } from './OperationIds.js';

/** The minimal payload of the control submit: any adapter that admits bounded JSON admits it. */
export const CONTROL_PAYLOAD: JsonValue = {};

/**
 * A payload feature that over-strict adapters trip on, named in the failure.
 * One entry per classic pitfall; `find` returns a short example of the
 * feature in the payload, or null when the payload does not have it.
 */
interface PayloadFeature {
  readonly name: string;
  readonly find: (value: JsonValue) => string | null;
}

/** Keys of every object of `value`, iteratively. */
function* keysOf(value: JsonValue): Generator<string> {
  const pending: JsonValue[] = [value];
  while (pending.length > 0) {
    const item = pending.pop() as JsonValue;
    if (Array.isArray(item)) pending.push(...item);
    else if (item !== null && typeof item === 'object') {
      for (const [key, entry] of Object.entries(item)) {
        yield key;
        pending.push(entry);
      }
    }
  }
}

const FEATURES: readonly PayloadFeature[] = [
  {
    name: 'integer-like keys (algal canonicalizes them first, in numeric order, not as RFC 8785 does)',
    find: (value) => {
      const found = [...keysOf(value)].filter(isArrayIndexKey).slice(0, 3);
      return found.length === 0 ? null : found.map((key) => JSON.stringify(key)).join(', ');
    },
  },
];

/**
 * The pitfall features of a payload, in words (e.g. `integer-like keys … ("10", "9")`).
 * @param value - the refused payload
 * @returns one phrase per feature found; empty when none of the known ones
 */
export function payloadFeatures(value: JsonValue): string[] {
  return FEATURES.flatMap((feature) => {
    const example = feature.find(value);
    return example === null ? [] : [`${feature.name}: ${example}`];
  });
}

/**
 * SEM-SUBMIT-ADMITS for a valid submit the adapter refused (nonzero exit, or
 * an SDK's rejection). A refusal alone proves nothing: the authority may be
 * unavailable. So a control submit of {@link CONTROL_PAYLOAD} under a fresh
 * operation follows at once; if the control is admitted, the authority is
 * available and the refusal depended on the payload: a FAIL naming the
 * payload's features. An adapter that refuses the control too, or a call
 * that is uncertain for any other reason (a timeout), stays undecided.
 *
 * @param refused - the answer to the valid submit
 * @param value - its payload
 * @param context - the session and the run's operation IDs, for the control
 */
export async function judgeRefusedSubmit(refused: Exchange & { readonly kind: 'uncertain' }, value: JsonValue, context: { readonly session: Pick<AdapterSession, 'submit' | 'authorityId'>; readonly ids: Pick<OperationIds, 'fresh'> }): Promise<CaseResult> {
  const refusal = refused.record?.uncertainty;
  if (refusal !== 'nonzero-exit' && refusal !== 'sdk-rejected') return { verdict: 'undecided', reason: refused.reason };
  const { session, ids } = context;
  const control = bindingFor({ operationId: ids.fresh('control'), authorityId: session.authorityId, payload: CONTROL_PAYLOAD });
  const controlAnswer = await session.submit(control, CONTROL_PAYLOAD);
  if (admissionOf(controlAnswer) === null) {
    return { verdict: 'undecided', reason: `a valid submit was refused, and so was a control submit of {} (${describeExchange(controlAnswer)}): the authority may be unavailable` };
  }
  const features = payloadFeatures(value);
  const exit = refused.record?.exitCode;
  return {
    verdict: 'violated',
    violations: [
      violation(
        'SEM-SUBMIT-ADMITS',
        `a valid submit was refused (${refusal === 'nonzero-exit' ? `exit ${String(exit)}` : 'the SDK rejected it'}) while a control submit of {} right after was admitted: the refusal depends on the payload${features.length === 0 ? '' : ` (${features.join('; ')})`}`,
        { details: { features, controlOperationId: control.operationId } },
      ),
    ],
  };
}
