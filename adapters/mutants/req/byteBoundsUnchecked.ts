import { defineMutant } from '../defineMutant.js';
import { withLimits } from '../_internals/withLimits.js';

/** Relies on a generous 4 MiB stdin buffer and checks no byte bound itself. */
export const byteBoundsUnchecked = defineMutant(
  {
    name: 'byte-bounds-unchecked',
    // A payload over the byte bound is over the request bound too (spec §4).
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
