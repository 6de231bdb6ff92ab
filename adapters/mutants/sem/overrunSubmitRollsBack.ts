import { rmSync } from 'node:fs';
import { LedgerError } from '../../reference/LedgerError.js';
import { OperationDirectory } from '../../reference/ledger/OperationDirectory.js';
import { observeOperation } from '../../reference/ledger/observeOperation.js';
import { submitOperation } from '../../reference/ledger/submitOperation.js';
import { defineMutant } from '../defineMutant.js';

/**
 * The host deadline the adapter assumes; a submit that took longer believes its
 * host gave up. Above what a loaded machine makes of a normal submit, well below
 * the suite's pause (1.9 s from spawn to resume): the spawned process is the
 * fault injector, which starts the adapter (and its clock) a few hundred ms
 * later on a loaded machine.
 */
const ASSUMED_DEADLINE_MS = 1_400;

/**
 * A submit that overran the deadline it assumes rolls back, expecting the host
 * to retry; the rollback removes the whole operation, admissions earlier calls
 * already reported included. Only a submit that stalls and then resumes (a
 * pause, not a kill) ever reaches the rollback.
 */
export const overrunSubmitRollsBack = defineMutant(
  {
    name: 'overrun-submit-rolls-back',
    claims: ['SEM-UNCERTAIN-RECOVERY'],
    // A submit slowed past the assumed deadline by load alone rolls back the same way.
    incidental: ['SEM-CRASH-CONSISTENT', 'SEM-SUBMIT-ADMITS', 'SEM-SUBMIT-IDEMPOTENT', 'SEM-ACCEPTANCE-STABLE', 'SEM-REVISION-MONOTONIC'],
    description: `a submit that ran past ${ASSUMED_DEADLINE_MS} ms (since its process started) deletes the operation's records and fails, so an admission an earlier call reported is lost`,
  },
  {
    ledger: {
      observe: observeOperation,
      submit: (ledger, binding) => {
        const view = submitOperation(ledger, binding);
        if (process.uptime() * 1_000 <= ASSUMED_DEADLINE_MS) return view;
        const operation = OperationDirectory.of(ledger.root, binding);
        rmSync(operation.path, { recursive: true, force: true });
        throw new LedgerError(`submit overran ${ASSUMED_DEADLINE_MS} ms; rolled back for the host to retry`, operation.path);
      },
    },
  },
);
