import { defineMutant, renderWhen } from '../defineMutant.js';

/** result.length in UTF-16 code units (the text is non-ASCII, so it differs). */
export const resultLengthCodeUnits = defineMutant(
  {
    name: 'result-length-code-units',
    claims: ['OUT-RESULT-INTEGRITY'],
    description: 'result.length is text.length (UTF-16 code units), not UTF-8 bytes',
  },
  {
    render: renderWhen('terminal', (outcome) => {
      const result = outcome.result as { text: string };
      return { ...outcome, result: { ...result, length: result.text.length } };
    }),
  },
);
