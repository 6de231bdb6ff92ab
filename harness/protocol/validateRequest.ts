import type { Violation } from '../violation.js';
import { checkRequest } from './_internals/checkRequest.js';
import { measurePayload } from './measurePayload.js';
import type { Action } from './types.js';

/** What the host knows besides the request text. */
export interface RequestValidationContext {
  /** The action given on argv (WIRE-ARGV). */
  readonly argvAction: Action;
  /** The adapter's configured authority; when given, REQ-AUTHORITY is checked too. */
  readonly authorityId?: string;
}

/**
 * The protocol's reference host parser as an oracle: every REQ clause a request
 * breaks (an empty list means a well-formed request). The suite uses it to prove
 * that each generated malformed request breaks exactly the clause it claims.
 *
 * Mapping, chosen so that each defect names one clause:
 * - a non-object request, or a missing `contract`/`action`/`binding` → REQ-REQUIRED;
 * - a missing `payload` on submit → REQ-SUBMIT-PAYLOAD only; a `payload` on observe → REQ-OBSERVE-NO-PAYLOAD only (never REQ-CLOSED);
 * - which of those applies follows the JSON `action` when it is `submit`/`observe`, else the argv action;
 * - an invalid `action` value → REQ-ACTION-VALUE only; REQ-ACTION-ARGV only when a valid JSON action differs from argv;
 * - a binding that is not an object, or lacks or adds a field → REQ-BINDING-CLOSED (one record per field);
 * - a present but malformed identity / digest → REQ-IDENTITY / REQ-DIGEST-FORMAT;
 * - REQ-AUTHORITY only for a well-formed `authorityId` differing from `context.authorityId`;
 * - REQ-PAYLOAD-DIGEST only when `requestDigest` is a well-formed digest and the payload is finite;
 * - payload bounds (REQ-BOUND-*) are judged on submit payloads only; REQ-BOUND-BYTES reports aggregate
 *   and canonical bytes separately, and such a payload also crosses REQ-BOUND-REQUEST;
 * - REQ-BOUND-REQUEST counts the canonical request's UTF-8 bytes.
 *
 * @param request - the request value as parsed (or as built by a generator)
 * @param context - argv action and, optionally, the configured authority
 * @throws TypeError when the value holds something JSON cannot carry (undefined, function): a generator fault
 */
export function validateRequest(request: unknown, context: RequestValidationContext): Violation[] {
  return checkRequest(request, context, measurePayload(request).canonicalBytes);
}
