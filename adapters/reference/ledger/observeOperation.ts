import type { Binding } from '../../../harness/protocol/types.js';
import type { LedgerContext } from '../AdapterBehavior.js';
import { currentView } from './currentView.js';
import { OperationDirectory } from './OperationDirectory.js';
import type { OperationView } from './OperationView.js';

const MISSING: OperationView = Object.freeze({ state: 'unknown', reason: 'missing' });

/**
 * Looks a binding up. For an unadmitted key, or a key admitted under another
 * requestDigest, it writes nothing and answers unknown/missing: it never
 * reveals the other admission. For an admitted binding it leaves one mark
 * (the fake provider's clock) and reports the current state.
 *
 * @param ledger - ledger root and provider timing
 * @param binding - a validated binding
 * @throws LedgerError on an unreadable record
 */
export function observeOperation(ledger: LedgerContext, binding: Binding): OperationView {
  const operation = OperationDirectory.of(ledger.root, binding);
  const admission = operation.readAdmission();
  if (admission === undefined || admission.binding.requestDigest !== binding.requestDigest) return MISSING;
  const terminal = operation.readTerminal();
  if (terminal !== undefined) return { state: 'terminal', admission, terminal };
  operation.markObserve();
  return currentView(operation, admission, ledger.terminalAfter);
}
