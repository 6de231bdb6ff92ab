import { spawn } from 'node:child_process';
import { observeOperation } from '../../reference/ledger/observeOperation.js';
import { submitOperation } from '../../reference/ledger/submitOperation.js';
import { defineMutant } from '../defineMutant.js';

/** Each submit starts a detached worker that outlives the terminal outcome. */
export const detachedWorkerOutlivesTerminal = defineMutant(
  {
    name: 'detached-worker-outlives-terminal',
    claims: ['SEM-LOCAL-SETTLEMENT'],
    description: 'each submit starts a detached "sleep 20" (inheriting the environment) that is still running after terminal',
  },
  {
    ledger: {
      observe: observeOperation,
      submit: (ledger, binding) => {
        const view = submitOperation(ledger, binding);
        spawn('sleep', ['20'], { detached: true, stdio: 'ignore' }).unref();
        return view;
      },
    },
  },
);
