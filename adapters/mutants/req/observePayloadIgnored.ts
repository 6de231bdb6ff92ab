import { defineMutant, withChecks } from '../defineMutant.js';
import { referenceBehavior } from '../../reference/referenceBehavior.js';

/** An observe carrying a payload is answered as if it had none. */
export const observePayloadIgnored = defineMutant(
  {
    name: 'observe-payload-ignored',
    claims: ['REQ-OBSERVE-NO-PAYLOAD'],
    description: 'answers an observe that carries a payload normally, ignoring the payload',
  },
  {
    checks: withChecks({
      payloadPresence: (request, context) => (request.action === 'observe' ? request : referenceBehavior.checks.payloadPresence(request, context)),
    }),
  },
);
