import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../protocol/canonicalJson.js';
import { distinctPayloads } from './distinctPayloads.js';

describe('distinctPayloads', () => {
  it('gives pairwise different canonical payloads, even from a one-sample family', () => {
    const family = { kind: 'samples', file: 'x.json', samples: [{ task: 'only' }] } as const;
    fc.assert(
      fc.property(distinctPayloads(family, 4), (values) => {
        expect(new Set(values.map((value) => canonicalJson(value))).size).toBe(4);
      }),
      { numRuns: 20 },
    );
  });
});
