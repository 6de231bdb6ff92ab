import { defineMutant, renderWhen } from '../defineMutant.js';

/** The result carries a mime field. */
export const resultMimeField = defineMutant(
  {
    name: 'result-mime-field',
    claims: ['OUT-RESULT-CLOSED'],
    description: 'result carries an extra "mime" field',
  },
  {
    render: renderWhen('terminal', (outcome) => ({
      ...outcome,
      result: { ...(outcome.result as object), mime: 'text/plain' },
    })),
  },
);
