import * as fc from 'fast-check';
import { canonicalJson, type JsonValue } from '../harness/protocol/canonicalJson.js';
import { limits } from '../harness/protocol/limits.js';
import { boundDefect } from './_internals/boundDefect.js';
import { seededRandom } from './_internals/seededRandom.js';
import { spread } from './_internals/spread.js';
import { textOfWidth } from './_internals/textOfWidth.js';
import type { RequestDefect } from './RequestDefect.js';

const LIMIT = limits.maxPayloadBytes;
/** One byte over: an off-by-one bound must fail too. */
const OVER = LIMIT + 1;
/** Control characters JSON escapes as six-byte `\u00XX` (not `\b \t \n \f \r`). */
const SIX_BYTE_CONTROLS = [1, 2, 3, 4, 5, 6, 7, 11, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31].map((code) => String.fromCharCode(code));

/** A payload just over the byte bound, built from a seed. */
interface Oversize {
  readonly name: string;
  readonly payload: (random: () => number) => JsonValue;
}

const OVERSIZES: readonly Oversize[] = [
  { name: 'one ASCII string of 1,048,577 bytes', payload: (random) => textOfWidth(random, 1, OVER) },
  {
    // Half as many UTF-16 code units as bytes: an adapter counting `string.length` admits it.
    name: 'one string of two-byte characters, more than 1,048,576 bytes but about 524,289 code units',
    payload: (random) => textOfWidth(random, 2, Math.ceil(OVER / 2)),
  },
  {
    name: 'an array of strings adding up to more than 1,048,576 bytes',
    payload: (random) => {
      const parts = 2 + Math.floor(random() * 60);
      return spread(OVER, parts, LIMIT).map((size) => textOfWidth(random, 1, size));
    },
  },
  {
    // Keys count too: the values alone stay under the bound.
    name: '64 keys of 256 bytes whose values add up, with the keys, to more than 1,048,576 bytes',
    payload: (random) => {
      const keyBytes = limits.maxObjectEntries * limits.maxKeyBytes;
      const sizes = spread(OVER - keyBytes, limits.maxObjectEntries, LIMIT);
      const entries = sizes.map((size, index) => [`${index.toString().padStart(2, '0')}${textOfWidth(random, 1, limits.maxKeyBytes - 2)}`, textOfWidth(random, 1, size)]);
      return Object.fromEntries(entries);
    },
  },
  {
    // Aggregate bytes are small here; the canonical text (six bytes per character) is over.
    name: 'one string of control characters whose canonical form (\\u00XX each) is more than 1,048,576 bytes',
    payload: (random) => {
      const count = Math.floor((LIMIT - 2) / 6) + 1;
      const chunk = Array.from({ length: 64 }, () => SIX_BYTE_CONTROLS[Math.floor(random() * SIX_BYTE_CONTROLS.length)] as string).join('');
      return chunk.repeat(Math.ceil(count / 64)).slice(0, count);
    },
  },
];

/**
 * REQ-BOUND-BYTES, one arbitrary per variant: payloads whose aggregate
 * string+key bytes (or canonical bytes) are over 1,048,576 by as little as their characters allow (1 byte for ASCII)
 * (see `OVERSIZES`). Such a request is necessarily over REQ-BOUND-REQUEST
 * too; the case is attributed to both clauses.
 */
export function bytesBoundDefects(): fc.Arbitrary<RequestDefect>[] {
  return OVERSIZES.map((oversize) =>
    fc.integer().map((seed) =>
      boundDefect({
        clauseId: 'REQ-BOUND-BYTES',
        alsoCrosses: ['REQ-BOUND-REQUEST'],
        what: oversize.name,
        payloadText: () => canonicalJson(oversize.payload(seededRandom(seed))),
      }),
    ),
  );
}
