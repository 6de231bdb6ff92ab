import * as fc from 'fast-check';
import { canonicalJson } from '../harness/protocol/canonicalJson.js';
import { boundDefect } from './_internals/boundDefect.js';
import { scalar } from './_internals/scalar.js';
import { seededRandom } from './_internals/seededRandom.js';
import { textOfWidth, type CharWidth } from './_internals/textOfWidth.js';
import { setOwn } from './_internals/setOwn.js';
import { wrapper } from './_internals/wrapper.js';
import { wrapIn } from './_internals/wrapIn.js';
import { describeWrappers } from './_internals/describeWrappers.js';
import type { RequestDefect } from './RequestDefect.js';

/**
 * A key over 256 UTF-8 bytes: `count` characters of `width` bytes (or lone
 * surrogates, 3 bytes each by the host's rule), then `asciiTail` ASCII ones.
 */
interface LongKey {
  readonly name: string;
  readonly width: CharWidth | 'lone-surrogate';
  readonly count: number;
  readonly asciiTail: number;
}

/**
 * Keys over the bound in bytes. The 2- and 4-byte ones stay ≤ 256 UTF-16 code
 * units, so an adapter counting `string.length` admits them.
 */
const LONG_KEYS: readonly LongKey[] = [
  { name: '257 ASCII characters', width: 1, count: 257, asciiTail: 0 },
  { name: '86 three-byte characters (258 bytes)', width: 3, count: 86, asciiTail: 0 },
  { name: '129 two-byte characters (258 bytes, 129 code units)', width: 2, count: 129, asciiTail: 0 },
  { name: '65 four-byte characters (260 bytes, 130 code units)', width: 4, count: 65, asciiTail: 0 },
  { name: 'one two-byte and 255 ASCII characters (257 bytes, 256 code units)', width: 2, count: 1, asciiTail: 255 },
  // JSON.stringify escapes each as \udXXX; UTF-8 has no lone surrogate, so each counts as its 3-byte replacement.
  { name: '86 lone surrogates (258 bytes, each counting 3)', width: 'lone-surrogate', count: 86, asciiTail: 0 },
];

/** `count` lone low surrogates (two low ones never pair), random. */
function loneSurrogates(random: () => number, count: number): string {
  return Array.from({ length: count }, () => String.fromCharCode(0xdc00 + Math.floor(random() * 0x400))).join('');
}

/**
 * REQ-BOUND-KEY, one arbitrary per variant: an object key of more than 256
 * UTF-8 bytes (see `LONG_KEYS`), random characters, in an object with a few
 * other entries, at the root or nested at a random position.
 */
export function keyBoundDefects(): fc.Arbitrary<RequestDefect>[] {
  return LONG_KEYS.map((long) =>
    fc
      .record({
        seed: fc.integer(),
        value: scalar(),
        siblings: fc.array(fc.tuple(fc.string({ maxLength: 8 }), scalar()), { maxLength: 3 }),
        levels: fc.array(wrapper(), { maxLength: 3 }),
      })
      .map(({ seed, value, siblings, levels }) =>
        boundDefect({
          clauseId: 'REQ-BOUND-KEY',
          what: `an object key of ${long.name} ${describeWrappers(levels)}`,
          payloadText: () => {
            const random = seededRandom(seed);
            const head = long.width === 'lone-surrogate' ? loneSurrogates(random, long.count) : textOfWidth(random, long.width, long.count);
            const key = head + textOfWidth(random, 1, long.asciiTail);
            const object = Object.fromEntries(siblings);
            setOwn(object, key, value);
            return canonicalJson(wrapIn(object, levels));
          },
        }),
      ),
  );
}
