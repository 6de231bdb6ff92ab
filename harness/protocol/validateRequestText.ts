import type { Violation } from '../violation.js';
import { checkRequest } from './_internals/checkRequest.js';
import { RequestTextParseError } from './RequestTextParseError.js';
import type { RequestValidationContext } from './validateRequest.js';

/**
 * `validateRequest` for a request given as the exact text sent on stdin, for
 * cases JSON values cannot represent: `1e400` parses to Infinity and is judged
 * REQ-BOUND-FINITE. REQ-BOUND-REQUEST is judged on the text's UTF-8 byte length
 * (the suite sends canonical texts, so this is the canonical request's size).
 *
 * @param text - the request text
 * @param context - argv action and, optionally, the configured authority
 * @throws RequestTextParseError when the text is not JSON
 */
export function validateRequestText(text: string, context: RequestValidationContext): Violation[] {
  let request: unknown;
  try {
    request = JSON.parse(text);
  } catch (error) {
    throw new RequestTextParseError(text, error);
  }
  return checkRequest(request, context, Buffer.byteLength(text, 'utf8'));
}
