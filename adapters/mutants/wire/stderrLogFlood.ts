import { writeSync } from 'node:fs';
import { referenceBehavior } from '../../reference/referenceBehavior.js';
import { defineMutant } from '../defineMutant.js';

/** Bytes of debug log per successful call: past the host's 65,536-byte stderr reader. */
const LOG_BYTES = 70_000;

/** Logs 70,000 bytes of debug output on stderr with every outcome it prints. */
export const stderrLogFlood = defineMutant(
  {
    name: 'stderr-log-flood',
    claims: ['WIRE-STDERR-BOUND'],
    description: 'writes a 70,000-byte debug log to stderr on every successful call (the outcome on stdout is correct)',
  },
  {
    emit: async (outcome, stdout) => {
      // fd 2 directly: the log is written whole before the outcome, as a chatty logger would.
      writeSync(2, `${'debug: '.padEnd(LOG_BYTES - 1, '.')}\n`);
      return referenceBehavior.emit(outcome, stdout);
    },
  },
);
