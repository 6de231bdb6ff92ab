import { referenceBehavior } from '../../reference/referenceBehavior.js';
import { defineMutant } from '../defineMutant.js';

/** Outcomes carry the operationId lowercased (a case-folding key store). */
export const operationIdLowercased = defineMutant(
  {
    name: 'operation-id-lowercased',
    claims: ['OUT-BINDING'],
    description: 'echoes operationId lowercased; shows only for operationIds with uppercase letters',
  },
  {
    render: (view, binding) => {
      const outcome = referenceBehavior.render(view, binding);
      return { ...outcome, operationId: binding.operationId.toLowerCase() };
    },
  },
);
