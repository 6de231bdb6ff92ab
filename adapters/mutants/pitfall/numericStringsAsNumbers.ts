import { canonicalJson } from '../../../harness/protocol/canonicalJson.js';
import { defineMutant } from '../defineMutant.js';

/** A string a lenient reader takes for a number: JSON number text, leading zeros allowed. */
const NUMERIC_LOOKING = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/** Nesting past which values are left as they are: the depth bound refuses such payloads first. */
const MAX_DEPTH = 64;

/** `value` with every string value that looks like a number turned into that number (keys stay strings: JSON has no other key). */
function numbersFromStrings(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return value;
  if (typeof value === 'string') return NUMERIC_LOOKING.test(value) ? Number(value) : value;
  if (Array.isArray(value)) return value.map((entry) => numbersFromStrings(entry, depth + 1));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, numbersFromStrings(entry, depth + 1)]));
  }
  return value;
}

/** Canonicalizes "1", "0.1", "1e3", "-0", "01" as the numbers 1, 0.1, 1000, 0, 1, so its digest of such a payload differs and it refuses the submit. */
export const numericStringsAsNumbers = defineMutant(
  {
    name: 'numeric-strings-as-numbers',
    claims: ['SEM-SUBMIT-ADMITS'],
    description: 'writes strings that look like numbers ("1", "0.1", "1e3") as numbers in its canonical form: refuses a valid payload holding one (digest mismatch)',
  },
  { canonical: (value) => canonicalJson(numbersFromStrings(value)) },
);
