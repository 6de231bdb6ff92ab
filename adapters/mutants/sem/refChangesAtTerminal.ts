import { digestCanonical } from '../../../harness/protocol/digest.js';
import { defineMutant, renderWhen } from '../defineMutant.js';

/** Terminal outcomes carry the digest of the terminal record as acceptanceRef. */
export const refChangesAtTerminal = defineMutant(
  {
    name: 'ref-changes-at-terminal',
    claims: ['SEM-ACCEPTANCE-STABLE'],
    // The first acceptanceRef is not carried by the terminal outcomes.
    incidental: ['SEM-SUBMIT-IDEMPOTENT', 'SEM-CONCURRENT-SUBMIT'],
    description: 'terminal outcomes carry the digest of the terminal record instead of the admission as acceptanceRef',
  },
  {
    render: renderWhen('terminal', (outcome, view) => (view.state === 'terminal' ? { ...outcome, acceptanceRef: digestCanonical(view.terminal) } : outcome)),
  },
);
