import { defineMutant, withChecks } from '../defineMutant.js';

/** Unknown top-level fields such as retry or resume are ignored. */
export const extraFieldsIgnored = defineMutant(
  {
    name: 'extra-fields-ignored',
    claims: ['REQ-CLOSED'],
    description: 'ignores unknown top-level fields (retry, resume, …) instead of refusing',
  },
  { checks: withChecks({ closed: (request) => request }) },
);
