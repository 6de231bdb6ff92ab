import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Binding } from '../../../harness/protocol/types.js';
import { OperationDirectory } from '../../reference/ledger/OperationDirectory.js';
import { observeOperation } from '../../reference/ledger/observeOperation.js';
import { submitOperation } from '../../reference/ledger/submitOperation.js';
import { Refusal } from '../../reference/Refusal.js';
import { defineMutant } from '../defineMutant.js';
import { PROVIDER_CALL_MS, sleepSync } from '../ledgerDefects.js';

/** Records live per binding (operationId + digest); the key directory only lists the digests admitted under it. */
function perBinding(binding: Binding): Binding {
  return { ...binding, operationId: `${binding.operationId}#${binding.requestDigest}` };
}

function listedDigests(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Refuses a rebind by checking the key's digest list, calls the (slow) provider, then admits: racing digests all pass the check. */
export const rebindCheckThenAct = defineMutant(
  {
    name: 'rebind-check-then-act',
    claims: ['SEM-CONCURRENT-REBIND'],
    description:
      'admissions are exclusive per binding (operationId + digest); a rebind is refused by listing the digests under the operationId first, with a 500 ms provider call before the own digest is listed: overlapping submits of different digests each admit',
  },
  {
    ledger: {
      observe: (ledger, binding) => observeOperation(ledger, perBinding(binding)),
      submit: (ledger, binding) => {
        const digestsDir = join(OperationDirectory.of(ledger.root, binding).path, 'digests');
        const own = binding.requestDigest.slice('sha256:'.length);
        if (OperationDirectory.of(ledger.root, perBinding(binding)).readAdmission() === undefined) {
          if (listedDigests(digestsDir).some((digest) => digest !== own)) {
            throw new Refusal('SEM-REBIND-REFUSED: this operationId is admitted with another requestDigest');
          }
          sleepSync(PROVIDER_CALL_MS);
          mkdirSync(digestsDir, { recursive: true });
          writeFileSync(join(digestsDir, own), '');
        }
        return submitOperation(ledger, perBinding(binding));
      },
    },
  },
);
