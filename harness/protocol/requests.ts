import { canonicalJson, type JsonValue } from './canonicalJson.js';
import { digestCanonical } from './digest.js';
import { REQUEST_CONTRACT, type Binding, type ObserveRequest, type SubmitRequest } from './types.js';

/** What a binding is made of: the operation key and the payload it is bound to. */
export interface BindingInput {
  readonly operationId: string;
  readonly authorityId: string;
  /** The payload; only its canonical digest enters the binding. */
  readonly payload: unknown;
}

/**
 * Builds the binding of a payload: `requestDigest = digestCanonical(payload)`
 * (the payload only, never the envelope). Identities are taken as given, so
 * generators can build malformed bindings on purpose.
 *
 * @param input - operation key and payload
 * @throws TypeError when the payload is not canonicalizable (non-finite number, non-JSON value)
 */
export function bindingFor(input: BindingInput): Binding {
  return {
    operationId: input.operationId,
    authorityId: input.authorityId,
    requestDigest: digestCanonical(input.payload),
  };
}

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

/**
 * Builds an observe request: the binding only, never a payload.
 *
 * @param binding - the binding to observe
 */
export function observeRequest(binding: Binding): ObserveRequest {
  return { contract: REQUEST_CONTRACT, action: 'observe', binding: { ...binding } };
}

/**
 * The exact stdin text of a request (WIRE-STDIN): its canonical JSON. Takes
 * `unknown` because malformed requests are sent the same way.
 *
 * @param request - a request value, well-formed or not
 * @throws TypeError when the value has no JSON form (non-finite number, undefined); send such cases as raw text
 */
export function requestText(request: unknown): string {
  return canonicalJson(request);
}
