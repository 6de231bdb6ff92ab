import { currentView } from '../../reference/ledger/currentView.js';
import { OperationDirectory } from '../../reference/ledger/OperationDirectory.js';
import { observeOperation } from '../../reference/ledger/observeOperation.js';
import { submitOperation } from '../../reference/ledger/submitOperation.js';
import { defineMutant } from '../defineMutant.js';

/** Observe looks operations up by operationId alone and reveals another digest's admission. */
export const observeIgnoresDigest = defineMutant(
  {
    name: 'observe-ignores-digest',
    claims: ['SEM-OBSERVE-FRESH'],
    // The never-submitted binding now looks admitted.
    incidental: ['SEM-OBSERVE-READONLY'],
    description: 'observe of an operationId admitted under another requestDigest answers that admission',
  },
  {
    ledger: {
      submit: submitOperation,
      observe: (ledger, binding) => {
        const operation = OperationDirectory.of(ledger.root, binding);
        const admission = operation.readAdmission();
        if (admission === undefined || admission.binding.requestDigest === binding.requestDigest) return observeOperation(ledger, binding);
        return currentView(operation, admission, ledger.terminalAfter);
      },
    },
  },
);
