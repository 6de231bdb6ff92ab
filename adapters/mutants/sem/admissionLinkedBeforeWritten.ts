import { closeSync, fsyncSync, linkSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { canonicalJson } from '../../../harness/protocol/canonicalJson.js';
import { newAdmission } from '../../reference/ledger/newAdmission.js';
import { OperationDirectory } from '../../reference/ledger/OperationDirectory.js';
import { observeOperation } from '../../reference/ledger/observeOperation.js';
import { submitOperation } from '../../reference/ledger/submitOperation.js';
import { defineMutant } from '../defineMutant.js';

/**
 * Publishes the admission by linking its temp file into place first and
 * filling it after: between the link and the write (microseconds, no sleep)
 * admission.json exists and is empty. No timing sweep lands there; a kill on
 * entry to the write does, every time.
 */
export const admissionLinkedBeforeWritten = defineMutant(
  {
    name: 'admission-linked-before-written',
    claims: ['SEM-CRASH-CONSISTENT'],
    incidental: ['SEM-UNCERTAIN-RECOVERY'],
    description: 'links the admission temp file to admission.json before writing it (write-after-publish): a SIGKILL between the link and the write leaves an empty record',
  },
  {
    ledger: {
      observe: observeOperation,
      submit: (ledger, binding) => {
        const operation = OperationDirectory.of(ledger.root, binding);
        if (operation.readAdmission() === undefined) {
          operation.create();
          const temp = join(operation.path, `.admission.json.${randomUUID()}.tmp`);
          const fd = openSync(temp, 'wx');
          try {
            linkSync(temp, join(operation.path, 'admission.json'));
            writeSync(fd, canonicalJson(newAdmission(binding)));
            fsyncSync(fd);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
          } finally {
            closeSync(fd);
            unlinkSync(temp);
          }
        }
        return submitOperation(ledger, binding);
      },
    },
  },
);
