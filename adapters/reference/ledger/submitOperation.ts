import type { Binding } from '../../../harness/protocol/types.js';
import type { LedgerContext } from '../AdapterBehavior.js';
import { LedgerError } from '../LedgerError.js';
import { Refusal } from '../Refusal.js';
import { currentView } from './currentView.js';
import { newAdmission } from './newAdmission.js';
import { OperationDirectory } from './OperationDirectory.js';
import type { AdmissionRecord, OperationView } from './OperationView.js';

/**
 * Admits a binding at most once. The first submit of a key publishes its
 * admission; every later (or racing) submit reads the winner's record, so all
 * of them report one acceptanceRef. A submit for the same key with another
 * requestDigest is refused (SEM-REBIND-REFUSED) and changes nothing.
 *
 * @param ledger - ledger root and provider timing
 * @param binding - a validated binding
 * @throws Refusal on a rebind; LedgerError on an unreadable record
 */
export function submitOperation(ledger: LedgerContext, binding: Binding): OperationView {
  const operation = OperationDirectory.of(ledger.root, binding);
  const admission = operation.readAdmission() ?? admit(operation, binding);
  if (admission.binding.operationId !== binding.operationId || admission.binding.authorityId !== binding.authorityId) {
    throw new LedgerError('admission record belongs to another key', operation.path);
  }
  if (admission.binding.requestDigest !== binding.requestDigest) {
    throw new Refusal('SEM-REBIND-REFUSED: this operationId is admitted with another requestDigest');
  }
  return currentView(operation, admission, ledger.terminalAfter);
}

function admit(operation: OperationDirectory, binding: Binding): AdmissionRecord {
  operation.create();
  // Losing the race is fine: the record read back is then the winner's.
  operation.publishAdmission(newAdmission(binding));
  const admission = operation.readAdmission();
  if (admission === undefined) throw new LedgerError('admission record vanished after publishing', operation.path);
  return admission;
}
