import * as fc from 'fast-check';
import { canonicalJson, type JsonValue } from '../harness/protocol/canonicalJson.js';
import { limits } from '../harness/protocol/limits.js';
import { boundDefect } from './_internals/boundDefect.js';
import { scalar } from './_internals/scalar.js';
import { setOwn } from './_internals/setOwn.js';
import { wrapper, type Wrapper } from './_internals/wrapper.js';
import { wrapIn } from './_internals/wrapIn.js';
import { smallJson } from './_internals/smallJson.js';
import type { RequestDefect } from './RequestDefect.js';

const OVER = limits.maxDepth + 1;

/**
 * REQ-BOUND-DEPTH, one arbitrary per variant: a scalar inside 17 nested
 * arrays/objects (random kinds and siblings); 17 nested arrays around an empty
 * array; and a deep chain hung at a random position inside a valid payload.
 * Every payload has depth exactly 17 and nothing else wrong.
 */
export function depthBoundDefects(): fc.Arbitrary<RequestDefect>[] {
  const chain = (length: number): fc.Arbitrary<Wrapper[]> => fc.array(wrapper(), { minLength: length, maxLength: length });
  const scalarInside = fc.record({ levels: chain(OVER), inner: scalar() }).map(({ levels, inner }) =>
    boundDefect({
      clauseId: 'REQ-BOUND-DEPTH',
      what: `a scalar inside ${OVER} nested arrays/objects`,
      payloadText: () => canonicalJson(wrapIn(inner, levels)),
    }),
  );
  const emptyInside = fc.constant(
    boundDefect({
      clauseId: 'REQ-BOUND-DEPTH',
      what: `${OVER} nested arrays around an empty array`,
      payloadText: () => `${'['.repeat(OVER)}[]${']'.repeat(OVER)}`,
    }),
  );
  // The outer levels carry whole JSON values as siblings: the deep chain sits inside an ordinary payload.
  const host = fc.record({ siblings: fc.array(smallJson(), { maxLength: 2 }), key: fc.string({ maxLength: 8 }) });
  const embedded = fc.record({ hosts: fc.array(host, { minLength: 1, maxLength: 4 }), inner: scalar(), levels: chain(OVER) }).map(({ hosts, inner, levels }) => {
    const deep = levels.slice(hosts.length);
    return boundDefect({
      clauseId: 'REQ-BOUND-DEPTH',
      what: `an ordinary payload with a ${deep.length}-level chain hung ${hosts.length} level(s) down (depth ${OVER})`,
      payloadText: () => canonicalJson(hostIn(wrapIn(inner, deep), hosts)),
    });
  });
  return [scalarInside, emptyInside, embedded];
}

/** One ordinary level around the deep chain. */
interface HostLevel {
  readonly siblings: readonly JsonValue[];
  readonly key: string;
}

/** Hangs `value` inside `hosts` (first outermost), alternating arrays and objects so both kinds host it. */
function hostIn(value: JsonValue, hosts: readonly HostLevel[]): JsonValue {
  let hosted = value;
  for (let index = hosts.length - 1; index >= 0; index -= 1) {
    const { siblings, key } = hosts[index] as HostLevel;
    if (index % 2 === 0) {
      hosted = [...siblings, hosted];
    } else {
      const object: { [key: string]: JsonValue } = {};
      siblings.forEach((sibling, at) => setOwn(object, `${key}.${at}`, sibling));
      setOwn(object, key, hosted);
      hosted = object;
    }
  }
  return hosted;
}
