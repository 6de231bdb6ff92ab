import { defineMutant, withChecks } from '../defineMutant.js';
import { referenceBehavior } from '../../reference/referenceBehavior.js';

const reference = referenceBehavior.checks;

/** A submit without payload is admitted: there is "nothing to verify". */
export const submitPayloadOptional = defineMutant(
  {
    name: 'submit-payload-optional',
    claims: ['REQ-SUBMIT-PAYLOAD'],
    // A submit without payload also lacks a displayed field.
    incidental: ['REQ-REQUIRED'],
    description: 'admits a submit without payload, skipping the digest check when there is no payload',
  },
  {
    checks: withChecks({
      payloadPresence: (request, context) => (request.action === 'submit' && !Object.hasOwn(request, 'payload') ? request : reference.payloadPresence(request, context)),
      payloadDigest: (request, context) => (Object.hasOwn(request, 'payload') ? reference.payloadDigest(request, context) : request),
    }),
  },
);
