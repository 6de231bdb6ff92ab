import { defineMutant } from '../defineMutant.js';
import { lateRewritingLedger } from '../ledgerDefects.js';

/** A writer left behind after the terminal answer rewrites the terminal record. */
export const terminalRewrittenLate = defineMutant(
  {
    name: 'terminal-rewritten-late',
    claims: ['SEM-TERMINAL-IMMUTABLE'],
    // The writer outlives the call that started it; later observes at equal revision differ.
    incidental: ['SEM-LOCAL-SETTLEMENT', 'SEM-EQUAL-REVISION'],
    description: 'the first terminal answer leaves a double-forked writer that rewrites the terminal record 500 ms later',
  },
  { ledger: lateRewritingLedger(false) },
);

/** The same late writer, started with an empty environment so no marker follows it. */
export const terminalRewrittenLateEnvCleared = defineMutant(
  {
    name: 'terminal-rewritten-late-env-cleared',
    claims: ['SEM-TERMINAL-IMMUTABLE'],
    incidental: ['SEM-LOCAL-SETTLEMENT', 'SEM-EQUAL-REVISION'],
    description: 'like terminal-rewritten-late, but the writer clears its environment (env -i), so process markers cannot find it',
  },
  { ledger: lateRewritingLedger(true) },
);
