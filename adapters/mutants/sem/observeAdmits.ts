import { observeOperation } from '../../reference/ledger/observeOperation.js';
import { OperationDirectory } from '../../reference/ledger/OperationDirectory.js';
import { submitOperation } from '../../reference/ledger/submitOperation.js';
import { defineMutant } from '../defineMutant.js';

/** Observe of an unadmitted binding quietly admits it ("pre-registers"), answering unknown this once. */
export const observeAdmits = defineMutant(
  {
    name: 'observe-admits',
    claims: ['SEM-OBSERVE-READONLY'],
    // The next observe of the never-submitted binding answers accepted.
    incidental: ['SEM-OBSERVE-FRESH'],
    description: 'observe of an unadmitted binding admits it (answering unknown/missing that time)',
  },
  {
    ledger: {
      submit: submitOperation,
      observe: (ledger, binding) => {
        if (OperationDirectory.of(ledger.root, binding).readAdmission() !== undefined) return observeOperation(ledger, binding);
        submitOperation(ledger, binding);
        return { state: 'unknown', reason: 'missing' };
      },
    },
  },
);
