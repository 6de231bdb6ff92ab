import { defineMutant, withChecks } from '../defineMutant.js';
import { referenceBehavior } from '../../reference/referenceBehavior.js';

/** Checks the three binding fields it knows and ignores any others. */
export const bindingExtraFieldsIgnored = defineMutant(
  {
    name: 'binding-extra-fields-ignored',
    claims: ['REQ-BINDING-CLOSED'],
    description: 'validates operationId, authorityId and requestDigest but ignores extra binding fields',
  },
  {
    checks: withChecks({
      binding: (request, context) => {
        const binding = request.binding;
        if (typeof binding !== 'object' || binding === null || Array.isArray(binding)) {
          return referenceBehavior.checks.binding(request, context);
        }
        const { operationId, authorityId, requestDigest } = binding as Record<string, unknown>;
        const known = Object.fromEntries(Object.entries({ operationId, authorityId, requestDigest }).filter(([, value]) => value !== undefined));
        referenceBehavior.checks.binding({ ...request, binding: known }, context);
        return request;
      },
    }),
  },
);
