import { defineMutant, withLimits } from '../defineMutant.js';

/** Relies on a generous 4 MiB stdin buffer and checks no byte bound itself. */
export const byteBoundsUnchecked = defineMutant(
  {
    name: 'byte-bounds-unchecked',
    // Both bounds are 1 MiB and the request holds the payload's canonical text, so a payload over
    // the byte bound makes a request over the request bound too: the one defect breaks both.
    claims: ['REQ-BOUND-BYTES', 'REQ-BOUND-REQUEST'],
    description: 'reads up to 4 MiB of stdin and checks neither payload nor request bytes',
  },
  {
    limits: withLimits({
      maxStdinBytes: 4 * 1_048_576,
      maxPayloadBytes: Number.POSITIVE_INFINITY,
      maxRequestBytes: Number.POSITIVE_INFINITY,
    }),
  },
);
