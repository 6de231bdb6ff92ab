import { defineMutant, withChecks } from '../defineMutant.js';

/** Answers bindings for any authority. */
export const authorityUnchecked = defineMutant(
  {
    name: 'authority-unchecked',
    claims: ['REQ-AUTHORITY'],
    description: 'never compares binding.authorityId with its configured authority',
  },
  { checks: withChecks({ authority: (request) => request }) },
);
