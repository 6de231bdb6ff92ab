import { referenceBehavior } from '../../reference/referenceBehavior.js';
import { defineMutant, withChecks } from '../defineMutant.js';

/** A missing contract or action is filled in with the expected value. */
export const missingFieldsDefaulted = defineMutant(
  {
    name: 'missing-fields-defaulted',
    claims: ['REQ-REQUIRED'],
    description: 'fills a missing contract with the request contract and a missing action with the argv action',
  },
  {
    checks: withChecks({
      required: (request, context) => referenceBehavior.checks.required({ contract: 'algal.coding-operation-request.v1', action: context.argvAction, ...request }, context),
    }),
  },
);
