import { REQUEST_CONTRACT, type Binding, type ObserveRequest } from './types.js';

/**
 * Builds an observe request: the binding only, never a payload.
 *
 * @param binding - the binding to observe
 */
export function observeRequest(binding: Binding): ObserveRequest {
  return { contract: REQUEST_CONTRACT, action: 'observe', binding: { ...binding } };
}
