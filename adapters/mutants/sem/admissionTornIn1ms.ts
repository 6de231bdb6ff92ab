import { defineMutant } from '../defineMutant.js';
import { admissionInHalves } from '../ledgerDefects.js';

/**
 * The torn-record defect with a crash window of 1 ms: a kill at a delay swept
 * across a submit almost never lands in it; a kill on entry to the second
 * write always does.
 */
export const admissionTornIn1ms = defineMutant(
  {
    name: 'admission-torn-in-1ms',
    claims: ['SEM-CRASH-CONSISTENT'],
    incidental: ['SEM-UNCERTAIN-RECOVERY'],
    description: 'writes admission.json directly (no temp file + link), in two halves 1 ms apart; a SIGKILL between leaves it torn',
  },
  { ledger: admissionInHalves(1) },
);
