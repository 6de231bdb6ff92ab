import { defineMutant, withChecks } from '../defineMutant.js';

/** Trusts the host's requestDigest instead of recomputing it. */
export const payloadDigestTrusted = defineMutant(
  {
    name: 'payload-digest-trusted',
    claims: ['REQ-PAYLOAD-DIGEST'],
    description: 'never recomputes the payload digest: trusts the binding requestDigest',
  },
  { checks: withChecks({ payloadDigest: (request) => request }) },
);
