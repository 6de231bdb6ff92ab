import { defineMutant, withChecks } from '../defineMutant.js';

/** Dispatches by the JSON action and never compares it with argv. */
export const argvActionIgnored = defineMutant(
  {
    name: 'argv-action-ignored',
    claims: ['REQ-ACTION-ARGV'],
    description: 'dispatches by the JSON action; the argv action is never compared with it',
  },
  { checks: withChecks({ actionArgv: (request) => request }) },
);
