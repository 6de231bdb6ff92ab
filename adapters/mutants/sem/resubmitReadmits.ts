import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalJson } from '../../../harness/protocol/canonicalJson.js';
import { currentView } from '../../reference/ledger/currentView.js';
import { newAdmission } from '../../reference/ledger/newAdmission.js';
import { OperationDirectory } from '../../reference/ledger/OperationDirectory.js';
import { observeOperation } from '../../reference/ledger/observeOperation.js';
import { submitOperation } from '../../reference/ledger/submitOperation.js';
import { defineMutant } from '../defineMutant.js';

/** Every submit of a running operation relaunches it under a fresh admission. */
export const resubmitReadmits = defineMutant(
  {
    name: 'resubmit-readmits',
    claims: ['SEM-SUBMIT-IDEMPOTENT'],
    // A new admission is a new acceptanceRef at the same revision, racing or not.
    incidental: ['SEM-ACCEPTANCE-STABLE', 'SEM-EQUAL-REVISION', 'SEM-CONCURRENT-SUBMIT', 'SEM-CRASH-CONSISTENT', 'SEM-UNCERTAIN-RECOVERY'],
    description: 'a repeated submit of a non-terminal operation replaces its admission with a fresh one (new acceptanceRef)',
  },
  {
    ledger: {
      observe: observeOperation,
      submit: (ledger, binding) => {
        const operation = OperationDirectory.of(ledger.root, binding);
        const existing = operation.readAdmission();
        if (existing === undefined || existing.binding.requestDigest !== binding.requestDigest || operation.readTerminal() !== undefined) {
          return submitOperation(ledger, binding);
        }
        const admission = newAdmission(binding);
        const temp = join(operation.path, '.readmit.tmp');
        writeFileSync(temp, canonicalJson(admission));
        renameSync(temp, join(operation.path, 'admission.json'));
        return currentView(operation, admission, ledger.terminalAfter);
      },
    },
  },
);
