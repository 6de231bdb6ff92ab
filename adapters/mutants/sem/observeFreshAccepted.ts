import { observeOperation } from '../../reference/ledger/observeOperation.js';
import { submitOperation } from '../../reference/ledger/submitOperation.js';
import { defineMutant } from '../defineMutant.js';

/** Observe optimistically answers accepted for a binding it has never seen. */
export const observeFreshAccepted = defineMutant(
  {
    name: 'observe-fresh-accepted',
    claims: ['SEM-OBSERVE-FRESH'],
    // The phantom acceptance differs from the real one a later submit creates.
    // An observe of an admitted operationId under another digest answers accepted too, which the ledger model reports as a rebind.
    incidental: ['SEM-OBSERVE-READONLY', 'SEM-ACCEPTANCE-STABLE', 'SEM-SUBMIT-IDEMPOTENT', 'SEM-EQUAL-REVISION', 'SEM-REBIND-REFUSED'],
    description: 'observe of an unadmitted binding answers accepted (with a phantom acceptanceRef), writing nothing',
  },
  {
    ledger: {
      submit: submitOperation,
      observe: (ledger, binding) => {
        const view = observeOperation(ledger, binding);
        if (view.state !== 'unknown') return view;
        return { state: 'accepted', admission: { binding, admissionId: 'phantom', admittedAt: '1970-01-01T00:00:00.000Z' } };
      },
    },
  },
);
