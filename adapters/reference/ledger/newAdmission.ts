import { randomUUID } from 'node:crypto';
import type { Binding } from '../../../harness/protocol/types.js';
import type { AdmissionRecord } from './OperationView.js';

/**
 * A fresh admission record for a binding. The random `admissionId` makes each
 * admission distinct, so a second admission of one key would change the
 * acceptanceRef and show up as a SEM failure instead of hiding.
 *
 * @param binding - the binding being admitted
 */
export function newAdmission(binding: Binding): AdmissionRecord {
  return {
    binding: { operationId: binding.operationId, authorityId: binding.authorityId, requestDigest: binding.requestDigest },
    admissionId: randomUUID(),
    admittedAt: new Date().toISOString(),
  };
}
