import { canonicalJson } from '../../../harness/protocol/canonicalJson.js';
import { emitLine } from '../../reference/emitOutcome.js';
import { defineMutant } from '../defineMutant.js';

/**
 * Opens every outcome with conflicting duplicates of its binding, state and revision,
 * then prints the real fields: `JSON.parse` (and algal's host) keep the last value, a
 * host keeping the first reads someone else's operation.
 */
export const duplicateKeysBeforeFields = defineMutant(
  {
    name: 'duplicate-keys-before-fields',
    claims: ['OUT-UNIQUE-KEYS'],
    description: 'prints "operationId":"someone-elses-op", "state":"unknown", "revision":99 before the real fields of every outcome',
  },
  {
    emit: async (outcome, stdout) => emitLine(`{"operationId":"someone-elses-op","state":"unknown","revision":99,${canonicalJson(outcome).slice(1)}`, stdout),
  },
);
