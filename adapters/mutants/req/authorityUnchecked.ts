import { defineMutant } from '../defineMutant.js';
import { withChecks } from '../_internals/withChecks.js';

/** Answers bindings for any authority. */
export const authorityUnchecked = defineMutant(
  {
    name: 'authority-unchecked',
    claims: ['REQ-AUTHORITY'],
    description: 'never compares binding.authorityId with its configured authority',
  },
  { checks: withChecks({ authority: (request) => request }) },
);
