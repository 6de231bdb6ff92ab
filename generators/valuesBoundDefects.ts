import * as fc from 'fast-check';
import { canonicalJson } from '../harness/protocol/canonicalJson.js';
import { limits } from '../harness/protocol/limits.js';
import { boundDefect } from './_internals/boundDefect.js';
import { valuesPayload, type ValuesShape } from './_internals/valuesPayload.js';
import type { RequestDefect } from './RequestDefect.js';

const OVER = limits.maxValues + 1;

/**
 * REQ-BOUND-VALUES, one arbitrary per variant: exactly 16,385 visited values
 * while every array stays ≤ 256 entries, every object ≤ 64 and depth 2 —
 * a root array of arrays (e.g. 64 arrays of 256 values), a root array of
 * 253–256 objects of up to 64 entries, a root object of 64 arrays.
 */
export function valuesBoundDefects(): fc.Arbitrary<RequestDefect>[] {
  // Exactly one over: an off-by-one bound must fail too.
  const total = fc.constant(OVER);
  const seed = fc.integer();
  const shapes: fc.Arbitrary<ValuesShape>[] = [
    fc.record({ containers: fc.integer({ min: 65, max: 120 }), total, seed }).map((shape) => ({ kind: 'arrays' as const, ...shape })),
    // 253 objects of up to 64 entries hold 1 + 253 + 16,192 = 16,446 values.
    fc.record({ containers: fc.integer({ min: 253, max: limits.maxArrayEntries }), total, seed }).map((shape) => ({ kind: 'objects' as const, ...shape })),
    fc.record({ total, seed }).map((shape) => ({ kind: 'keyed' as const, containers: limits.maxObjectEntries, ...shape })),
  ];
  return shapes.map((shape) =>
    shape.map((chosen) =>
      boundDefect({
        clauseId: 'REQ-BOUND-VALUES',
        what: `${chosen.total} visited values (${chosen.kind === 'keyed' ? 'a root object' : 'a root array'} of ${chosen.containers} ${chosen.kind === 'objects' ? 'objects' : 'arrays'})`,
        payloadText: () => canonicalJson(valuesPayload(chosen)),
      }),
    ),
  );
}
