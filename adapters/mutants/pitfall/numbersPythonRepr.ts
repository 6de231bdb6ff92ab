import { defineMutant } from '../defineMutant.js';
import { byCodeUnit, canonicalVariant } from '../canonicalVariant.js';

/** Number text as Python's `json.dumps` writes a float: a two-digit exponent (`1e-07`), `-0.0`. */
function pythonNumber(value: number): string {
  if (Object.is(value, -0)) return '-0.0';
  return JSON.stringify(value).replace(/e([+-])(\d)$/, 'e$10$2');
}

/** Canonicalizes numbers the Python way, so its digest of a payload with `1e-7` or `-0` differs and it refuses the submit. */
export const numbersPythonRepr = defineMutant(
  {
    name: 'numbers-python-repr',
    claims: ['SEM-SUBMIT-ADMITS'],
    description: 'writes canonical numbers as Python does (1e-07, -0.0): refuses a valid payload with 1e-7 or -0 (digest mismatch)',
  },
  { canonical: canonicalVariant({ compareKeys: byCodeUnit, formatNumber: pythonNumber }) },
);
