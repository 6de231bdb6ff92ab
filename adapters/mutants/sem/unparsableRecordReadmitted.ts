import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalJson } from '../../../harness/protocol/canonicalJson.js';
import type { LedgerContext } from '../../reference/AdapterBehavior.js';
import { LedgerError } from '../../reference/LedgerError.js';
import { Refusal } from '../../reference/Refusal.js';
import { currentView } from '../../reference/ledger/currentView.js';
import { newAdmission } from '../../reference/ledger/newAdmission.js';
import { observeOperation } from '../../reference/ledger/observeOperation.js';
import { OperationDirectory } from '../../reference/ledger/OperationDirectory.js';
import type { AdmissionRecord, OperationView } from '../../reference/ledger/OperationView.js';
import type { Binding } from '../../../harness/protocol/types.js';
import { defineMutant } from '../defineMutant.js';
import { sleepSync } from '../ledgerDefects.js';

/** "Self-healing" read: a record that does not parse is taken for no record at all. */
function readLeniently(operation: OperationDirectory): AdmissionRecord | undefined {
  try {
    return operation.readAdmission();
  } catch (error) {
    if (error instanceof LedgerError) return undefined;
    throw error;
  }
}

/** Load-modify-save: the record is saved back in place (truncate, then write; slow disk). */
function saveInPlace(operation: OperationDirectory, record: AdmissionRecord): void {
  const fd = openSync(join(operation.path, 'admission.json'), 'w');
  try {
    sleepSync(250);
    writeSync(fd, canonicalJson(record));
  } finally {
    closeSync(fd);
  }
}

function submit(ledger: LedgerContext, binding: Binding): OperationView {
  const operation = OperationDirectory.of(ledger.root, binding);
  operation.create();
  const admission = readLeniently(operation) ?? newAdmission(binding);
  if (admission.binding.requestDigest !== binding.requestDigest) {
    throw new Refusal('SEM-REBIND-REFUSED: this operationId is admitted with another requestDigest');
  }
  saveInPlace(operation, admission);
  return currentView(operation, admission, ledger.terminalAfter);
}

/** Saves its admission record in place on every submit and treats an unparsable record as absent: a crash mid-save re-admits. */
export const unparsableRecordReadmitted = defineMutant(
  {
    name: 'unparsable-record-readmitted',
    claims: ['SEM-CRASH-CONSISTENT'],
    // A paused save shows the binding unadmitted meanwhile; racing saves are check-then-act; a crash
    // mid-save of a terminal operation re-admits it, so its terminal outcome later differs.
    incidental: ['SEM-UNCERTAIN-RECOVERY', 'SEM-CONCURRENT-SUBMIT', 'SEM-CONCURRENT-REBIND', 'SEM-TERMINAL-IMMUTABLE'],
    description:
      'saves admission.json back in place on every submit (truncate, then write, 250 ms apart), and reads a record that does not parse as no record: after a crash mid-save the next submit admits the operation anew',
  },
  {
    ledger: {
      submit,
      observe: (ledger, binding) => {
        try {
          return observeOperation(ledger, binding);
        } catch (error) {
          if (error instanceof LedgerError) return { state: 'unknown', reason: 'missing' };
          throw error;
        }
      },
    },
  },
);
