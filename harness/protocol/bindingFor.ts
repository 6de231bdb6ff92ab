import { digestCanonical } from './digest.js';
import type { Binding } from './types.js';

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
