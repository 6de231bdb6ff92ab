import * as fc from 'fast-check';
import { payload } from '../../generators/payload.js';
import { canonicalJson, type JsonValue } from '../protocol/canonicalJson.js';
import type { PayloadFamily } from '../runOptions.js';

/**
 * `count` payloads of the family with pairwise different canonical digests, for
 * bindings that share an operationId. A payload equal to an earlier one is
 * wrapped (`{rebound: index, value}`), so a one-sample family still yields
 * distinct digests.
 *
 * @param family - the run's payload family
 * @param count - how many payloads (≥ 1)
 */
export function distinctPayloads(family: PayloadFamily, count: number): fc.Arbitrary<JsonValue[]> {
  return fc.array(payload(family), { minLength: count, maxLength: count }).map((values) => {
    const seen = new Set<string>();
    return values.map((value, index) => {
      const distinct: JsonValue = seen.has(canonicalJson(value)) ? { rebound: index, value } : value;
      seen.add(canonicalJson(distinct));
      return distinct;
    });
  });
}
