import { defineMutant, withLimits } from '../defineMutant.js';

/** Bounds the payload but forgets that the envelope counts towards the request bound. */
export const envelopeUncounted = defineMutant(
  {
    name: 'envelope-uncounted',
    claims: ['REQ-BOUND-REQUEST'],
    description: 'bounds payload bytes only: a payload just under 1 MiB plus its envelope (over 1 MiB) is admitted',
  },
  { limits: withLimits({ maxStdinBytes: 2 * 1_048_576, maxRequestBytes: Number.POSITIVE_INFINITY }) },
);
