import { defineMutant, refusingPayloads } from '../defineMutant.js';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Refuses every payload with a lone surrogate, as an adapter whose JSON library rejects `\ud800` might. */
export const loneSurrogatesRefused = defineMutant(
  {
    name: 'lone-surrogates-refused',
    claims: ['SEM-SUBMIT-ADMITS'],
    description: 'refuses (exit 2) every valid payload with a lone surrogate in a string or key',
  },
  { checks: refusingPayloads('a lone surrogate', (found) => typeof found === 'string' && LONE_SURROGATE.test(found)) },
);
