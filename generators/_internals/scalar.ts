import * as fc from 'fast-check';

/** A JSON scalar. */
export type JsonScalar = null | boolean | number | string;

/**
 * Small JSON scalars: filler that adds one value each and no depth.
 * @internal
 */
export function scalar(): fc.Arbitrary<JsonScalar> {
  return fc.oneof(fc.integer({ min: -1_000, max: 1_000 }), fc.boolean(), fc.constant(null), fc.string({ maxLength: 6 }));
}
