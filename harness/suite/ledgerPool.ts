import type { JsonValue } from '../protocol/canonicalJson.js';
import { bindingFor } from '../protocol/bindingFor.js';
import type { PooledOperation } from './LedgerCommand.js';
import type { OperationIds } from './OperationIds.js';

/**
 * A fresh pool of operations for one case: per payload pair, a primary binding,
 * a rebound binding (same operationId, the second payload) and a ghost binding
 * (a fresh operationId that is never submitted). IDs are minted when the case
 * runs, so replaying a case uses new keys.
 *
 * @param ids - the worker's operation ID source
 * @param authorityId - the configured authority
 * @param pairs - two payloads with different digests per operation
 * @throws RangeError when a pair has fewer than two payloads
 */
export function ledgerPool(ids: OperationIds, authorityId: string, pairs: readonly (readonly JsonValue[])[]): PooledOperation[] {
  return pairs.map(([primaryPayload, reboundPayload]) => {
    if (primaryPayload === undefined || reboundPayload === undefined) throw new RangeError('ledgerPool: every operation needs two payloads');
    const operationId = ids.fresh('model');
    return {
      primary: bindingFor({ operationId, authorityId, payload: primaryPayload }),
      primaryPayload,
      rebound: bindingFor({ operationId, authorityId, payload: reboundPayload }),
      reboundPayload,
      ghost: bindingFor({ operationId: ids.fresh('ghost'), authorityId, payload: primaryPayload }),
    };
  });
}
