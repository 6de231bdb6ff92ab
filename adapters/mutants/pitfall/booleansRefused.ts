import { defineMutant, refusingPayloads } from '../defineMutant.js';

/** Refuses every payload holding `true` or `false`, as a schema-minded adapter that only knows strings and numbers might. */
export const booleansRefused = defineMutant(
  {
    name: 'booleans-refused',
    claims: ['SEM-SUBMIT-ADMITS'],
    description: 'refuses (exit 2) every valid payload containing true or false',
  },
  { checks: refusingPayloads('a boolean', (found) => typeof found === 'boolean') },
);
