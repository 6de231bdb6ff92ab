import { defineMutant, renderWhen } from '../defineMutant.js';

/** Terminal outcomes write the acceptanceRef in uppercase hex. */
export const terminalRefUppercase = defineMutant(
  {
    name: 'terminal-ref-uppercase',
    claims: ['OUT-ACCEPTANCE-REF'],
    description: 'terminal outcomes carry acceptanceRef as sha256: plus uppercase hex',
  },
  {
    render: renderWhen('terminal', (outcome) => ({
      ...outcome,
      acceptanceRef: `sha256:${String(outcome.acceptanceRef).slice('sha256:'.length).toUpperCase()}`,
    })),
  },
);
