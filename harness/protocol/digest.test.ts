import { createHash } from 'node:crypto';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonicalJson.js';
import { DIGEST_PATTERN, digestCanonical, digestText, isDigest, sha256Hex } from './digest.js';

describe('digestText', () => {
  it('hashes known vectors (FIPS 180-2 "abc", empty string)', () => {
    expect(digestText('')).toBe('sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(digestText('abc')).toBe('sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('hashes the UTF-8 bytes, not UTF-16 code units', () => {
    const euro = createHash('sha256')
      .update(Buffer.from([0xe2, 0x82, 0xac]))
      .digest('hex');
    expect(digestText('€')).toBe(`sha256:${euro}`);
  });

  it('hashes a lone surrogate as Buffer does (U+FFFD, EF BF BD)', () => {
    const replacement = createHash('sha256')
      .update(Buffer.from([0xef, 0xbf, 0xbd]))
      .digest('hex');
    expect(digestText('\ud800')).toBe(`sha256:${replacement}`);
  });
});

describe('digestCanonical', () => {
  it('digests the canonical text, so key order does not matter', () => {
    expect(digestCanonical({ b: 1, a: [true, null] })).toBe(digestText('{"a":[true,null],"b":1}'));
    expect(digestCanonical({ a: [true, null], b: 1 })).toBe(digestCanonical({ b: 1, a: [true, null] }));
  });

  it('distinguishes values whose canonical texts differ', () => {
    expect(digestCanonical({ a: 1 })).not.toBe(digestCanonical({ a: '1' }));
  });

  it('keeps a lone surrogate distinct from U+FFFD (the canonical text escapes it)', () => {
    expect(digestCanonical('\ud800')).not.toBe(digestCanonical('\ufffd'));
  });

  it('throws on non-finite numbers', () => {
    expect(() => digestCanonical({ a: Infinity })).toThrow(TypeError);
  });

  it('always yields a well-formed digest equal to digestText(canonicalJson(v))', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const digest = digestCanonical(value);
        expect(isDigest(digest)).toBe(true);
        expect(digest).toBe(digestText(canonicalJson(value)));
      }),
      { numRuns: 100 },
    );
  });
});

describe('isDigest', () => {
  const hex = 'a'.repeat(64);
  it.each([
    [`sha256:${hex}`, true],
    [`sha256:${'A'.repeat(64)}`, false],
    [`sha256:${hex.slice(1)}`, false],
    [`sha256:${hex}0`, false],
    [`sha256:${hex}\n`, false],
    [`SHA256:${hex}`, false],
    [hex, false],
    [`sha256:${'g'.repeat(64)}`, false],
  ])('%j → %s', (value, expected) => {
    expect(isDigest(value)).toBe(expected);
    expect(DIGEST_PATTERN.test(value)).toBe(expected);
  });

  it('rejects non-strings', () => {
    expect(isDigest(null)).toBe(false);
    expect(isDigest(42)).toBe(false);
  });
});

describe('sha256Hex', () => {
  it('hashes bytes and strings alike', () => {
    expect(sha256Hex(new Uint8Array([0x61, 0x62, 0x63]))).toBe(sha256Hex('abc'));
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
