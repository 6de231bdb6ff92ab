import { describe, expect, it } from 'vitest';
import { BoundedCache, MAX_BUCKET, sampleHash } from './BoundedCache.js';

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

  it('tells apart texts that share a sample hash, and remembers at most MAX_BUCKET of them', () => {
    // Characters the sample skips: texts of one length that differ only there collide.
    const base = 'x'.repeat(480);
    const texts = Array.from({ length: MAX_BUCKET + 2 }, (_, index) => `${base.slice(0, 2)}${String.fromCharCode(65 + index)}${base.slice(3)}`);
    expect(new Set(texts.map(sampleHash)).size).toBe(1);
    const cache = new BoundedCache<number>(64);
    texts.forEach((text, index) => expect(cache.get(text, () => index)).toBe(index));
    const computed: number[] = [];
    texts.forEach((text, index) => expect(cache.get(text, () => (computed.push(index), index))).toBe(index));
    // The bucket's first MAX_BUCKET were kept; the last two are computed again, correctly.
    expect(computed).toEqual([MAX_BUCKET, MAX_BUCKET + 1]);
  });

  it('finds a text equal to a cached one, not only the same string object', () => {
    const cache = new BoundedCache<number>(4);
    const text = JSON.stringify({ request: 'r'.repeat(300) });
    cache.get(text, () => 1);
    expect(cache.get(JSON.parse(JSON.stringify(text)) as string, () => 2)).toBe(1);
  });
});
