import { OperationDirectory } from '../../reference/ledger/OperationDirectory.js';
import { observeOperation } from '../../reference/ledger/observeOperation.js';
import { submitOperation } from '../../reference/ledger/submitOperation.js';
import { defineMutant } from '../defineMutant.js';

/** The first submit admits but answers unknown/unavailable (the acknowledgement is "not ready"). */
export const submitAnswersUnknown = defineMutant(
  {
    name: 'submit-answers-unknown',
    claims: ['SEM-SUBMIT-ADMITS'],
    // A boundary request is admitted, but the answer does not say so.
    incidental: ['REQ-BOUNDARY-ACCEPT'],
    description: 'the first submit of a binding admits it but answers unknown/unavailable; later calls show the admission',
  },
  {
    ledger: {
      observe: observeOperation,
      submit: (ledger, binding) => {
        const first = OperationDirectory.of(ledger.root, binding).readAdmission() === undefined;
        const view = submitOperation(ledger, binding);
        return first ? { state: 'unknown', reason: 'unavailable' } : view;
      },
    },
  },
);
