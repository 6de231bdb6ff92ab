import { digestText } from '../../../harness/protocol/digest.js';
import { referenceBehavior } from '../../reference/referenceBehavior.js';
import { defineMutant } from '../defineMutant.js';

/** acceptanceRef identifies the ledger, not the admission. */
export const distinctOperationsShareRef = defineMutant(
  {
    name: 'distinct-operations-share-ref',
    claims: ['SEM-DISTINCT-OPERATIONS'],
    description: 'acceptanceRef is the digest of the authorityId, the same for every operation',
  },
  {
    render: (view, binding) => {
      const outcome = referenceBehavior.render(view, binding);
      return view.state === 'unknown' ? outcome : { ...outcome, acceptanceRef: digestText(binding.authorityId) };
    },
  },
);
