import * as fc from 'fast-check';
import { canonicalJson, type JsonValue } from '../harness/protocol/canonicalJson.js';
import { limits } from '../harness/protocol/limits.js';
import { boundDefect } from './_internals/boundDefect.js';
import { seededRandom } from './_internals/seededRandom.js';
import { spread } from './_internals/spread.js';
import { textOfWidth } from './_internals/textOfWidth.js';
import type { RequestDefect } from './RequestDefect.js';

const LIMIT = limits.maxRequestBytes;
/** Most bytes the payload stays under the bound by; every envelope is longer (its digest alone is 71 bytes). */
const MAX_SHORTFALL = 100;

/** A payload of exactly `bytes` canonical bytes. */
interface Filling {
  readonly name: string;
  readonly payload: (random: () => number, bytes: number) => JsonValue;
}

const FILLINGS: readonly Filling[] = [
  { name: 'one ASCII string', payload: (random, bytes) => textOfWidth(random, 1, bytes - 2) },
  {
    name: 'an array of strings',
    payload: (random, bytes) => {
      const parts = 2 + Math.floor(random() * 60);
      // Brackets, commas between parts, quotes around each.
      const textBytes = bytes - 2 - (parts - 1) - 2 * parts;
      return spread(textBytes, parts, textBytes).map((size) => textOfWidth(random, 1, size));
    },
  },
  {
    name: 'one string of two-byte characters',
    payload: (random, bytes) => {
      const textBytes = bytes - 2;
      return textOfWidth(random, 2, Math.floor(textBytes / 2)) + textOfWidth(random, 1, textBytes % 2);
    },
  },
];

/**
 * REQ-BOUND-REQUEST alone, one arbitrary per variant: a payload of
 * 1,048,476 to 1,048,576 canonical bytes — within every payload bound — whose
 * envelope pushes the request over 1,048,576 bytes.
 */
export function requestBoundDefects(): fc.Arbitrary<RequestDefect>[] {
  return FILLINGS.map((filling) =>
    fc.record({ seed: fc.integer(), shortfall: fc.integer({ min: 0, max: MAX_SHORTFALL }) }).map(({ seed, shortfall }) =>
      boundDefect({
        clauseId: 'REQ-BOUND-REQUEST',
        what: `${filling.name} of ${LIMIT - shortfall} canonical bytes, the request over ${LIMIT} with its envelope`,
        payloadText: () => canonicalJson(filling.payload(seededRandom(seed), LIMIT - shortfall)),
      }),
    ),
  );
}
