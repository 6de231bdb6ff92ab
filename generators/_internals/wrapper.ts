import * as fc from 'fast-check';
import { scalar, type JsonScalar } from './scalar.js';

/** One level of nesting around a value, with scalar siblings. */
export type Wrapper =
  | { readonly kind: 'array'; readonly before: readonly JsonScalar[]; readonly after: readonly JsonScalar[] }
  | { readonly kind: 'object'; readonly key: string; readonly siblings: readonly (readonly [string, JsonScalar])[] };

/**
 * One nesting level: an array or an object holding the value among up to
 * `maxSiblings` scalar siblings. Keys are short, so no key bound is near.
 * @internal
 */
export function wrapper(maxSiblings = 2): fc.Arbitrary<Wrapper> {
  const siblings = fc.array(scalar(), { maxLength: maxSiblings });
  return fc.oneof(
    fc.record({ before: siblings, after: siblings }).map(({ before, after }) => ({ kind: 'array' as const, before, after })),
    fc
      .record({ key: fc.string({ maxLength: 8 }), siblings: fc.array(fc.tuple(fc.string({ maxLength: 8 }), scalar()), { maxLength: maxSiblings }) })
      .map(({ key, siblings: entries }) => ({ kind: 'object' as const, key, siblings: entries })),
  );
}
