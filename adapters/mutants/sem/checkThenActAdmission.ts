import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalJson } from '../../../harness/protocol/canonicalJson.js';
import { currentView } from '../../reference/ledger/currentView.js';
import { newAdmission } from '../../reference/ledger/newAdmission.js';
import { OperationDirectory } from '../../reference/ledger/OperationDirectory.js';
import { observeOperation } from '../../reference/ledger/observeOperation.js';
import { submitOperation } from '../../reference/ledger/submitOperation.js';
import { defineMutant } from '../defineMutant.js';
import { PROVIDER_CALL_MS, sleepSync } from '../ledgerDefects.js';

/** Checks for an admission, calls the (slow) provider, then writes: racing submits all admit. */
export const checkThenActAdmission = defineMutant(
  {
    name: 'check-then-act-admission',
    claims: ['SEM-CONCURRENT-SUBMIT'],
    // The last racer's record overwrites the others, whose refs were already reported.
    incidental: ['SEM-CONCURRENT-REBIND', 'SEM-ACCEPTANCE-STABLE', 'SEM-SUBMIT-IDEMPOTENT', 'SEM-EQUAL-REVISION'],
    description: 'admission is check-then-write with a 500 ms provider call between, and rename overwrites: overlapping submits each admit',
  },
  {
    ledger: {
      observe: observeOperation,
      submit: (ledger, binding) => {
        const operation = OperationDirectory.of(ledger.root, binding);
        if (operation.readAdmission() !== undefined) return submitOperation(ledger, binding);
        sleepSync(PROVIDER_CALL_MS);
        operation.create();
        const admission = newAdmission(binding);
        const temp = join(operation.path, `.admission.${admission.admissionId}.tmp`);
        writeFileSync(temp, canonicalJson(admission));
        renameSync(temp, join(operation.path, 'admission.json'));
        return currentView(operation, admission, ledger.terminalAfter);
      },
    },
  },
);
