import { digestCanonical } from '../../harness/protocol/digest.js';
import type { Binding, Outcome } from '../../harness/protocol/types.js';
import type { RenderedOutcome } from './AdapterBehavior.js';
import type { OperationView } from './ledger/OperationView.js';

/**
 * The outcome for a binding in the state the ledger reports. The binding
 * fields are echoed from the request exactly; acceptanceRef is the digest of
 * the immutable admission record, so it never changes for one admission.
 *
 * @param view - the ledger's view of the operation
 * @param binding - the request's binding
 */
export function renderOutcome(view: OperationView, binding: Binding): RenderedOutcome {
  const common = {
    contract: 'algal.coding-operation.v1',
    operationId: binding.operationId,
    authorityId: binding.authorityId,
    requestDigest: binding.requestDigest,
  } as const;
  let outcome: Outcome;
  switch (view.state) {
    case 'unknown':
      outcome = { ...common, revision: 0, state: 'unknown', reason: view.reason };
      break;
    case 'accepted':
      outcome = { ...common, revision: 1, state: 'accepted', acceptanceRef: digestCanonical(view.admission) };
      break;
    case 'terminal':
      outcome = {
        ...common,
        revision: view.terminal.revision,
        state: 'terminal',
        acceptanceRef: digestCanonical(view.admission),
        outcome: view.terminal.outcome,
        settlement: 'all-admitted-work-settled',
        result: { ...view.terminal.result },
      };
      break;
  }
  return { ...outcome };
}
