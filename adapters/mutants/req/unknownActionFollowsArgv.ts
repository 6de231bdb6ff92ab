import { defineMutant, withChecks } from '../defineMutant.js';

/** An action other than submit/observe is replaced by the argv action instead of refused. */
export const unknownActionFollowsArgv = defineMutant(
  {
    name: 'unknown-action-follows-argv',
    claims: ['REQ-ACTION-VALUE'],
    description: 'an unrecognised JSON action (e.g. "resume") falls back to the argv action',
  },
  {
    checks: withChecks({
      actionValue: (request, { argvAction }) => (request.action === 'submit' || request.action === 'observe' ? request : { ...request, action: argvAction }),
    }),
  },
);
