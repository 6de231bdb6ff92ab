import { describe, expect, it } from 'vitest';
import { BoundedCache } from './BoundedCache.js';

describe('BoundedCache', () => {
  it('computes a key once while it is remembered', () => {
    const cache = new BoundedCache<number>(4);
    let computed = 0;
    const compute = (): number => ++computed;
    expect(cache.get('a', compute)).toBe(1);
    expect(cache.get('a', compute)).toBe(1);
    expect(computed).toBe(1);
  });

  it('keeps at most its capacity, forgetting the least recently used keys first', () => {
    const cache = new BoundedCache<string>(4);
    const computedKeys: string[] = [];
    const get = (key: string): string => cache.get(key, () => (computedKeys.push(key), key));
    for (const key of ['a', 'b', 'c', 'd']) get(key);
    get('a'); // used again: it outlives b
    for (const key of ['e', 'f']) get(key);
    computedKeys.length = 0;
    for (const key of ['a', 'e', 'f']) get(key);
    expect(computedKeys).toEqual([]);
    get('b');
    expect(computedKeys).toEqual(['b']);
  });

  it('replaces a value on set', () => {
    const cache = new BoundedCache<number>(4);
    cache.set('a', 1);
    cache.set('a', 2);
    expect(cache.get('a', () => 3)).toBe(2);
  });
});
