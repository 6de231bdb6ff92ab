import { defineMutant, refusingPayloads } from '../defineMutant.js';

/** Refuses every payload with a non-ASCII string or key, as an adapter that checks `isascii()` might. */
export const nonAsciiRefused = defineMutant(
  {
    name: 'non-ascii-refused',
    claims: ['SEM-SUBMIT-ADMITS'],
    incidental: ['REQ-BOUNDARY-ACCEPT'],
    description: 'refuses (exit 2) every valid payload with a non-ASCII character in a string or key',
  },
  { checks: refusingPayloads('non-ASCII text', (found) => typeof found === 'string' && /[^\u0000-\u007f]/.test(found)) },
);
