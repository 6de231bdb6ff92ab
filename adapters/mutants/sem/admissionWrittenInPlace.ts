import { defineMutant } from '../defineMutant.js';
import { admissionInHalves } from '../ledgerDefects.js';

/** Writes admission.json in place, in two halves: a kill in between leaves a torn record. */
export const admissionWrittenInPlace = defineMutant(
  {
    name: 'admission-written-in-place',
    claims: ['SEM-CRASH-CONSISTENT'],
    // A submit that times out mid-write leaves the same torn record.
    incidental: ['SEM-UNCERTAIN-RECOVERY'],
    description: 'writes admission.json directly (no temp file + link), in two halves 300 ms apart; a SIGKILL between leaves it torn',
  },
  { ledger: admissionInHalves(300) },
);
