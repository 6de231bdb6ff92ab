import * as fc from 'fast-check';
import { canonicalJson } from '../harness/protocol/canonicalJson.js';
import { limits } from '../harness/protocol/limits.js';
import { boundDefect } from './_internals/boundDefect.js';
import { seededKeys } from './_internals/seededKeys.js';
import { seededScalar } from './_internals/seededScalar.js';
import { seededRandom } from './_internals/seededRandom.js';
import { wrapper } from './_internals/wrapper.js';
import { wrapIn } from './_internals/wrapIn.js';
import { describeWrappers } from './_internals/describeWrappers.js';
import type { RequestDefect } from './RequestDefect.js';

const OVER = limits.maxObjectEntries + 1;

/**
 * REQ-BOUND-OBJECT, one arbitrary per variant: an object of exactly 65 entries
 * with distinct random keys — ASCII keys at the payload root, non-ASCII keys
 * at the root, or ASCII keys nested at a random position.
 */
export function objectBoundDefects(): fc.Arbitrary<RequestDefect>[] {
  // Exactly one over: an off-by-one bound must fail too.
  const entries = fc.constant(OVER);
  const seed = fc.integer();
  const variant = (maxLevels: number, keyWidth: 1 | 2 | 3): fc.Arbitrary<RequestDefect> =>
    fc.record({ entries, seed, levels: fc.array(wrapper(), { maxLength: maxLevels, minLength: Math.min(1, maxLevels) }) }).map(({ entries: count, seed: chosen, levels }) =>
      boundDefect({
        clauseId: 'REQ-BOUND-OBJECT',
        what: `an object of ${count} entries (${keyWidth === 1 ? 'ASCII' : `${keyWidth}-byte-character`} keys) ${describeWrappers(levels)}`,
        payloadText: () => {
          const random = seededRandom(chosen);
          const object = Object.fromEntries(seededKeys(random, count, keyWidth).map((key) => [key, seededScalar(random)]));
          return canonicalJson(wrapIn(object, levels));
        },
      }),
    );
  return [variant(0, 1), variant(0, 3), variant(4, 1)];
}
