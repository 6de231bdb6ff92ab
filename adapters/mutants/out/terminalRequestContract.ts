import { defineMutant, renderWhen } from '../defineMutant.js';

/** Terminal outcomes carry the request contract. */
export const terminalRequestContract = defineMutant(
  {
    name: 'terminal-request-contract',
    claims: ['OUT-CONTRACT'],
    description: 'terminal outcomes echo the request contract algal.coding-operation-request.v1',
  },
  { render: renderWhen('terminal', (outcome) => ({ ...outcome, contract: 'algal.coding-operation-request.v1' })) },
);
