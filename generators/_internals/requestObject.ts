import { REQUEST_CONTRACT, type Action } from '../../harness/protocol/types.js';
import type { DefectBase } from '../RequestDefect.js';

/**
 * A fresh, mutable copy of the well-formed request of `action` on `base`,
 * ready to be broken: a payload exactly when `action` is `submit`.
 * @internal
 */
export function requestObject(action: Action, base: DefectBase): Record<string, unknown> {
  const request: Record<string, unknown> = { contract: REQUEST_CONTRACT, action, binding: { ...base.binding } };
  if (action === 'submit') request.payload = base.payload;
  return request;
}
