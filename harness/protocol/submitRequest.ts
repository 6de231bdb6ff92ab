import type { JsonValue } from './canonicalJson.js';
import { REQUEST_CONTRACT, type Binding, type SubmitRequest } from './types.js';

/**
 * Builds a submit request. The binding is copied, so later edits to the
 * caller's object cannot change what was sent.
 *
 * @param binding - usually `bindingFor({operationId, authorityId, payload})`
 * @param payload - the payload the binding's `requestDigest` was computed from
 */
export function submitRequest(binding: Binding, payload: JsonValue): SubmitRequest {
  return { contract: REQUEST_CONTRACT, action: 'submit', binding: { ...binding }, payload };
}
