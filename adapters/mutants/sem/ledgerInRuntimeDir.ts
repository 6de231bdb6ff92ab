import { basename, dirname, join } from 'node:path';
import type { LedgerContext } from '../../reference/AdapterBehavior.js';
import { observeOperation } from '../../reference/ledger/observeOperation.js';
import { submitOperation } from '../../reference/ledger/submitOperation.js';
import { defineMutant } from '../defineMutant.js';

// `<ledger>/../run/<name>`: next to the ledger, like /run next to /var/lib. Under
// self-check that is `$ADAPTER_QUALIFY_SCRATCH/run`, which the reference restart step clears.
function volatile(ledger: LedgerContext): LedgerContext {
  return { ...ledger, root: join(dirname(ledger.root), 'run', basename(ledger.root)) };
}

/** Keeps its ledger in the runtime directory, which a restart (a reboot) clears. */
export const ledgerInRuntimeDir = defineMutant(
  {
    name: 'ledger-in-runtime-dir',
    claims: ['SEM-DURABLE-RESTART'],
    // Terminal evidence lost at the restart is admitted anew: the end-of-run re-observation sees it change.
    incidental: ['SEM-TERMINAL-IMMUTABLE'],
    description: 'keeps the ledger under the runtime directory (<ledger>/../run, like /run), which the restart step clears: every admission is lost',
    // The mutant's restart step is the reference's: it clears the runtime directory and checks the durable ledger.
    lifecycle: 'adapters/reference/lifecycle.json',
  },
  {
    ledger: {
      submit: (ledger, binding) => submitOperation(volatile(ledger), binding),
      observe: (ledger, binding) => observeOperation(volatile(ledger), binding),
    },
  },
);
