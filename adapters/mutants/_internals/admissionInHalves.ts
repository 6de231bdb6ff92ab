import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalJson } from '../../../harness/protocol/canonicalJson.js';
import type { LedgerOperations } from '../../reference/AdapterBehavior.js';
import { newAdmission } from '../../reference/ledger/newAdmission.js';
import { OperationDirectory } from '../../reference/ledger/OperationDirectory.js';
import { observeOperation } from '../../reference/ledger/observeOperation.js';
import { submitOperation } from '../../reference/ledger/submitOperation.js';
import { sleepSync } from './sleepSync.js';

/**
 * A ledger that writes admission.json in place (no temp file + link), in two
 * halves `gapMs` apart: a crash between the two writes leaves a torn record.
 * @param gapMs - the crash window between the halves
 */
export function admissionInHalves(gapMs: number): LedgerOperations {
  return {
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
          sleepSync(gapMs);
          writeSync(fd, text.slice(half));
          closeSync(fd);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        }
      }
      return submitOperation(ledger, binding);
    },
  };
}
