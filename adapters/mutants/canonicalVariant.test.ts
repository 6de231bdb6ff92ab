import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../harness/protocol/canonicalJson.js';
import { byCodeUnit, canonicalVariant, ecmaNumber } from './canonicalVariant.js';

describe('canonicalVariant', () => {
  it("with the protocol's rules writes exactly canonicalJson, so a mutant differs only where it says", () => {
    const protocol = canonicalVariant({ compareKeys: byCodeUnit, formatNumber: ecmaNumber });
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4, stringUnit: 'binary' }), (value) => protocol(value) === canonicalJson(value)),
      { seed: 7, numRuns: 300 },
    );
  });

  it('uses the replaced number text', () => {
    expect(canonicalVariant({ compareKeys: byCodeUnit, formatNumber: () => 'N' })({ b: [1, 'x'], a: 2 })).toBe('{"a":N,"b":[N,"x"]}');
  });
});
