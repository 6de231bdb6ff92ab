import { canonicalJson } from './canonicalJson.js';

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
