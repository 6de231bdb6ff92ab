import * as fc from 'fast-check';
import type { JsonValue } from '../../harness/protocol/canonicalJson.js';

/**
 * Small, shallow JSON values for the contents of malformed fields: far inside
 * every payload bound, so they never cross one by accident.
 * @internal
 */
export function smallJson(): fc.Arbitrary<JsonValue> {
  return fc.jsonValue({ maxDepth: 2, depthSize: 'xsmall' }) as fc.Arbitrary<JsonValue>;
}
