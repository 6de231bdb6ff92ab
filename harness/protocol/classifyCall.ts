import type { TransportUncertainty, CallRecord } from '../transport/callRecord.js';
import { violation, type Violation } from '../violation.js';
import { parseOutcome } from './parseOutcome.js';
import type { Binding, Outcome } from './types.js';

/** Why a call gave no evidence: a transport reason, or an exit-0 stdout that is no valid outcome. */
export type UncertaintyReason = TransportUncertainty | 'invalid-output';

/**
 * What one call proves. `uncertain` is never settlement evidence (WIRE-UNCERTAIN);
 * its violations are the adapter's clause breaches, empty when the uncertainty is
 * not the adapter's fault under any OUT clause (timeout, overflow, a refusal by nonzero exit).
 */
export type CallEvidence =
  | { readonly kind: 'outcome'; readonly outcome: Outcome }
  | { readonly kind: 'uncertain'; readonly reason: UncertaintyReason; readonly violations: readonly Violation[] };

/**
 * Classifies a finished call against the binding of its request.
 *
 * - exit 0 within bounds: the stdout is parsed (`parseOutcome`); invalid stdout is `invalid-output` with its
 *   OUT violations, and stdout that is not valid UTF-8 also breaks OUT-JSON;
 * - nonzero exit: uncertain; only when stdout is a fully valid outcome is that OUT-EXIT;
 * - any other transport uncertainty: uncertain without violations.
 *
 * @param record - the transcript line of the call
 * @param binding - the binding of the request that was sent
 */
export function classifyCall(record: CallRecord, binding: Binding): CallEvidence {
  const expected = { binding, maxOutputBytes: record.maxOutputBytes };
  if (record.uncertainty === 'nonzero-exit') {
    const parsed = parseOutcome(record.stdout, expected);
    const valid = parsed.outcome !== null && !record.stdoutInvalidUtf8;
    const violations = valid
      ? [violation('OUT-EXIT', `a valid outcome came with exit code ${String(record.exitCode)}`, { details: { exitCode: record.exitCode } })]
      : [];
    return { kind: 'uncertain', reason: 'nonzero-exit', violations };
  }
  if (record.uncertainty !== null) return { kind: 'uncertain', reason: record.uncertainty, violations: [] };

  const parsed = parseOutcome(record.stdout, expected);
  const violations = record.stdoutInvalidUtf8
    ? [violation('OUT-JSON', 'stdout is not valid UTF-8', { instancePath: '' }), ...parsed.violations]
    : parsed.violations;
  if (parsed.outcome !== null && violations.length === 0) return { kind: 'outcome', outcome: parsed.outcome };
  return { kind: 'uncertain', reason: 'invalid-output', violations };
}
