import { currentView } from '../../reference/ledger/currentView.js';
import { OperationDirectory } from '../../reference/ledger/OperationDirectory.js';
import { observeOperation } from '../../reference/ledger/observeOperation.js';
import { submitOperation } from '../../reference/ledger/submitOperation.js';
import { defineMutant } from '../defineMutant.js';

/** Deduplicates by operationId alone: a rebind gets the existing operation's state. */
export const rebindAnswersExisting = defineMutant(
  {
    name: 'rebind-answers-existing',
    claims: ['SEM-REBIND-REFUSED'],
    // The second digest is answered as admitted (terminal, too); a later observe of it says unknown at
    // revision 0, also when the run observes terminal bindings again at its end.
    incidental: ['SEM-CONCURRENT-REBIND', 'SEM-REVISION-MONOTONIC', 'SEM-TERMINAL-IMMUTABLE'],
    description: 'a submit with a known operationId and another requestDigest is answered with the existing operation state',
  },
  {
    ledger: {
      observe: observeOperation,
      submit: (ledger, binding) => {
        const operation = OperationDirectory.of(ledger.root, binding);
        const existing = operation.readAdmission();
        if (existing === undefined || existing.binding.requestDigest === binding.requestDigest) return submitOperation(ledger, binding);
        return currentView(operation, existing, ledger.terminalAfter);
      },
    },
  },
);
