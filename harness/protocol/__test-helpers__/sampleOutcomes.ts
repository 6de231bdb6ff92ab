import { digestText, type Digest } from '../digest.js';
import type { AcceptedOutcome, Binding, TerminalOutcome, TerminalOutcomeKind, UnknownOutcome, UnknownReason } from '../types.js';
import { OUTCOME_CONTRACT, SETTLEMENT } from '../types.js';
import { bindingFor } from '../bindingFor.js';

/** A valid binding for tests. */
export function sampleBinding(operationId = 'op-1', payload: unknown = { task: 'x' }): Binding {
  return bindingFor({ operationId, authorityId: 'ledger-a1', payload });
}

/** A distinct, well-formed acceptanceRef per label. */
export function sampleRef(label: string | number): Digest {
  return digestText(`acceptance:${label}`);
}

/** A valid unknown outcome. */
export function unknownOutcome(binding: Binding, revision = 0, reason: UnknownReason = 'missing'): UnknownOutcome {
  return { contract: OUTCOME_CONTRACT, ...binding, revision, state: 'unknown', reason };
}

/** A valid accepted outcome. */
export function acceptedOutcome(binding: Binding, revision = 1, acceptanceRef: Digest = sampleRef(1)): AcceptedOutcome {
  return { contract: OUTCOME_CONTRACT, ...binding, revision, state: 'accepted', acceptanceRef };
}

/** A valid terminal outcome whose result matches its text. */
export function terminalOutcome(
  binding: Binding,
  revision = 2,
  acceptanceRef: Digest = sampleRef(1),
  outcome: TerminalOutcomeKind = 'completed',
  text = 'done',
): TerminalOutcome {
  return {
    contract: OUTCOME_CONTRACT,
    ...binding,
    revision,
    state: 'terminal',
    acceptanceRef,
    outcome,
    settlement: SETTLEMENT,
    result: { text, digest: digestText(text), length: Buffer.byteLength(text, 'utf8') },
  };
}
