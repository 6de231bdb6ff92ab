import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalJson } from '../../../harness/protocol/canonicalJson.js';
import { newAdmission } from '../../reference/ledger/newAdmission.js';
import { OperationDirectory } from '../../reference/ledger/OperationDirectory.js';
import { observeOperation } from '../../reference/ledger/observeOperation.js';
import { submitOperation } from '../../reference/ledger/submitOperation.js';
import { defineMutant } from '../defineMutant.js';
import { sleepSync } from '../_internals/sleepSync.js';

/** Writes admission.json in place, in two halves: a kill in between leaves a torn record. */
export const admissionWrittenInPlace = defineMutant(
  {
    name: 'admission-written-in-place',
    claims: ['SEM-CRASH-CONSISTENT'],
    // A submit that times out mid-write leaves the same torn record.
    incidental: ['SEM-UNCERTAIN-RECOVERY'],
    description: 'writes admission.json directly (no temp file + link), in two halves 300 ms apart; a SIGKILL between leaves it torn',
  },
  {
    ledger: {
      observe: observeOperation,
      submit: (ledger, binding) => {
        const operation = OperationDirectory.of(ledger.root, binding);
        if (operation.readAdmission() === undefined) {
          operation.create();
          const text = canonicalJson(newAdmission(binding));
          const half = Math.floor(text.length / 2);
          try {
            const fd = openSync(join(operation.path, 'admission.json'), 'wx');
            writeSync(fd, text.slice(0, half));
            sleepSync(300);
            writeSync(fd, text.slice(half));
            closeSync(fd);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
          }
        }
        return submitOperation(ledger, binding);
      },
    },
  },
);
