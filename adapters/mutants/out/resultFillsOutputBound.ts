import { digestText } from '../../../harness/protocol/digest.js';
import { defineMutant, renderWhen } from '../defineMutant.js';

const MIB = 1_048_576;
const PREFIX = 'completed ✓ ';
// Exactly 1 MiB of UTF-8: the length itself is allowed, the envelope around it is not.
const TEXT = PREFIX + 'x'.repeat(MIB - Buffer.byteLength(PREFIX, 'utf8'));

/** A result text of exactly the default output bound, so the whole outcome overflows it. */
export const resultFillsOutputBound = defineMutant(
  {
    name: 'result-fills-output-bound',
    claims: ['OUT-SIZE'],
    description: 'terminal result text of exactly 1,048,576 UTF-8 bytes: length is within the bound, the outcome is not ' + '(assumes the default output bound of 1,048,576)',
  },
  {
    render: renderWhen('terminal', (outcome) => ({
      ...outcome,
      result: { text: TEXT, digest: digestText(TEXT), length: MIB },
    })),
  },
);
