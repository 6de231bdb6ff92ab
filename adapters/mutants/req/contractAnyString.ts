import { defineMutant, withChecks } from '../defineMutant.js';
import { Refusal } from '../../reference/Refusal.js';

/** Only checks that contract is a string. */
export const contractAnyString = defineMutant(
  {
    name: 'contract-any-string',
    claims: ['REQ-CONTRACT'],
    description: 'accepts any string as contract (checks the type, not the value)',
  },
  {
    checks: withChecks({
      contract: (request) => {
        if (typeof request.contract !== 'string') throw new Refusal('contract is not a string');
        return request;
      },
    }),
  },
);
