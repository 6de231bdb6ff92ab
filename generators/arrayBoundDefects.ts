import * as fc from 'fast-check';
import { canonicalJson, type JsonValue } from '../harness/protocol/canonicalJson.js';
import { limits } from '../harness/protocol/limits.js';
import { boundDefect } from './_internals/boundDefect.js';
import { seededScalar } from './_internals/seededScalar.js';
import { seededRandom } from './_internals/seededRandom.js';
import { wrapper } from './_internals/wrapper.js';
import { wrapIn } from './_internals/wrapIn.js';
import { describeWrappers } from './_internals/describeWrappers.js';
import type { RequestDefect } from './RequestDefect.js';

const OVER = limits.maxArrayEntries + 1;

/**
 * REQ-BOUND-ARRAY, one arbitrary per variant: an array of exactly 257 entries
 * — random scalars at the payload root, random scalars nested at a random
 * position, or empty arrays and objects.
 */
export function arrayBoundDefects(): fc.Arbitrary<RequestDefect>[] {
  // Exactly one over: an off-by-one bound must fail too.
  const entries = fc.constant(OVER);
  const seed = fc.integer();
  const variant = (maxLevels: number, containers: boolean): fc.Arbitrary<RequestDefect> =>
    fc.record({ entries, seed, levels: fc.array(wrapper(), { maxLength: maxLevels, minLength: Math.min(1, maxLevels) }) }).map(({ entries: count, seed: chosen, levels }) =>
      boundDefect({
        clauseId: 'REQ-BOUND-ARRAY',
        what: `an array of ${count} ${containers ? 'empty containers' : 'scalars'} ${describeWrappers(levels)}`,
        payloadText: () => {
          const random = seededRandom(chosen);
          const array: JsonValue[] = Array.from({ length: count }, () => (containers ? (random() < 0.5 ? [] : {}) : seededScalar(random)));
          return canonicalJson(wrapIn(array, levels));
        },
      }),
    );
  return [variant(0, false), variant(4, false), variant(2, true)];
}
