import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveSeed } from './deriveSeed.js';

const rootSeed = fc.integer({ min: 0, max: 0x7fffffff });

describe('deriveSeed', () => {
  it('is deterministic and within 0..2^31-1', () => {
    fc.assert(
      fc.property(rootSeed, fc.string({ unit: 'binary' }), (seed, name) => {
        const derived = deriveSeed(seed, name);
        expect(derived).toBe(deriveSeed(seed, name));
        expect(Number.isInteger(derived) && derived >= 0 && derived <= 0x7fffffff).toBe(true);
      }),
    );
  });

  it('pins one value (FNV-1a of the name, mixed with the seed)', () => {
    // FNV-1a("a") = 0xe40c292c; 0xe40c292c ^ 1, top bit cleared.
    expect(deriveSeed(1, 'a')).toBe(0x640c292d);
  });

  it('gives different names different seeds, with few collisions', () => {
    const names = Array.from({ length: 5_000 }, (_, index) => `REQ-CLOSED: case ${index}`);
    for (const seed of [0, 424242, 0x7fffffff]) {
      const seeds = new Set(names.map((name) => deriveSeed(seed, name)));
      expect(seeds.size).toBeGreaterThanOrEqual(names.length - 2);
    }
    fc.assert(
      fc.property(rootSeed, fc.string(), fc.string(), (seed, a, b) => {
        fc.pre(a !== b);
        expect(deriveSeed(seed, a)).not.toBe(deriveSeed(seed, b));
      }),
    );
  });

  it('gives different root seeds different seeds for the same name', () => {
    fc.assert(
      fc.property(rootSeed, rootSeed, fc.string(), (a, b, name) => {
        fc.pre(a !== b);
        expect(deriveSeed(a, name)).not.toBe(deriveSeed(b, name));
      }),
    );
  });
});
