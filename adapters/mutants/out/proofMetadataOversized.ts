import { defineMutant, renderWhen } from '../defineMutant.js';

const PROVENANCE = 'p'.repeat(5_000);

/**
 * Terminal outcomes carry 5,000 characters of provenance. Only an extra field
 * can push a well-formed outcome's proof metadata past 4,096 bytes.
 */
export const proofMetadataOversized = defineMutant(
  {
    name: 'proof-metadata-oversized',
    claims: ['OUT-PROOF-SIZE'],
    incidental: ['OUT-CLOSED'],
    description: 'terminal outcomes carry a 5,000-character "provenance" field outside result.text',
  },
  { render: renderWhen('terminal', (outcome) => ({ ...outcome, provenance: PROVENANCE })) },
);
