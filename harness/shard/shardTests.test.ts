import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { selectShard } from './shardTests.js';

const keySets = fc.uniqueArray(fc.string({ maxLength: 30 }), { maxLength: 60 });

describe('selectShard', () => {
  test('the shards of a run partition its tests: each test in exactly one, sizes within one of each other', () => {
    fc.assert(
      fc.property(keySets, fc.integer({ min: 1, max: 9 }), (keys, count) => {
        const slices = Array.from({ length: count }, (_, i) => selectShard(keys, { index: i + 1, count }));
        expect(slices.flat().sort()).toEqual([...keys].sort());
        const sizes = slices.map((slice) => slice.length);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      }),
    );
  });

  test('deterministic: the slice does not depend on the order tests were collected in', () => {
    fc.assert(
      fc.property(keySets, fc.integer({ min: 1, max: 5 }), fc.nat(), (keys, count, pick) => {
        const index = (pick % count) + 1;
        const reversed = [...keys].reverse();
        expect(selectShard(reversed, { index, count })).toEqual(selectShard(keys, { index, count }));
      }),
    );
  });

  test('one shard is the whole run', () => {
    expect(selectShard(['b', 'a'], { index: 1, count: 1 }).sort()).toEqual(['a', 'b']);
  });

  test('pinned: the slice is fixed by the sha1 order of the keys, so CI machines agree', () => {
    const keys = ['suites/a.suite.ts > REQ-CLOSED: x', 'suites/a.suite.ts > OUT-JSON: y', 'suites/b.suite.ts > SEM-OBSERVE-FRESH: z'];
    expect([1, 2, 3].map((index) => selectShard(keys, { index, count: 3 }))).toMatchInlineSnapshot(`
      [
        [
          "suites/a.suite.ts > OUT-JSON: y",
        ],
        [
          "suites/b.suite.ts > SEM-OBSERVE-FRESH: z",
        ],
        [
          "suites/a.suite.ts > REQ-CLOSED: x",
        ],
      ]
    `);
  });
});
