import { describe, expect, it } from 'vitest';
import { checkPayloadBounds } from './checkPayloadBounds.js';
import { nested } from './__test-helpers__/requests.js';
import { referenceBehavior } from './referenceBehavior.js';

function verdict(payload: unknown): string {
  try {
    checkPayloadBounds(payload, referenceBehavior);
    return 'admitted';
  } catch (error) {
    return (error as Error).message.split(':')[0] as string;
  }
}

const entries = (count: number): Record<string, number> => Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i]));

describe('checkPayloadBounds', () => {
  it('counts depth from the root at 0, scalars included', () => {
    expect(verdict(nested(16))).toBe('admitted');
    expect(verdict(nested(17))).toBe('REQ-BOUND-DEPTH');
    // 17 arrays around an empty array: the empty array itself sits at depth 17.
    let seventeen: unknown = [];
    for (let i = 0; i < 17; i += 1) seventeen = [seventeen];
    expect(verdict(seventeen)).toBe('REQ-BOUND-DEPTH');
  });

  it('counts every value once, the root included, keys excluded', () => {
    const over = Array.from({ length: 64 }, () => Array.from({ length: 255 }, () => 0)); // 1 + 64 + 16,320 = 16,385
    expect(verdict(over)).toBe('REQ-BOUND-VALUES');
    const onBound = [...over.slice(0, 63), Array.from({ length: 254 }, () => 0)]; // 16,384
    expect(verdict(onBound)).toBe('admitted');
  });

  it('bounds array and object entries exactly', () => {
    expect(verdict(Array.from({ length: 256 }, () => null))).toBe('admitted');
    expect(verdict(Array.from({ length: 257 }, () => null))).toBe('REQ-BOUND-ARRAY');
    expect(verdict(entries(64))).toBe('admitted');
    expect(verdict(entries(65))).toBe('REQ-BOUND-OBJECT');
  });

  it('measures keys in UTF-8 bytes, not code units', () => {
    expect(verdict({ ['é'.repeat(128)]: 1 })).toBe('admitted'); // 256 bytes
    expect(verdict({ ['✓'.repeat(86)]: 1 })).toBe('REQ-BOUND-KEY'); // 86 units, 258 bytes
    expect(verdict({ ['😀'.repeat(65)]: 1 })).toBe('REQ-BOUND-KEY'); // 130 units, 260 bytes
  });

  it('refuses non-finite numbers', () => {
    expect(verdict({ n: JSON.parse('1e400') as number })).toBe('REQ-BOUND-FINITE');
    expect(verdict([Number.NaN])).toBe('REQ-BOUND-FINITE');
    expect(verdict({ n: 1e308 })).toBe('admitted');
  });

  it('adds string and key bytes, lone surrogates as three bytes', () => {
    expect(verdict('x'.repeat(1_048_574))).toBe('admitted'); // canonical: exactly 1 MiB with quotes
    expect(verdict('x'.repeat(1_048_575))).toBe('REQ-BOUND-BYTES'); // aggregate fits, canonical does not
    const halves = { ['a'.repeat(10)]: 'x'.repeat(524_288), ['b'.repeat(10)]: 'y'.repeat(524_279) }; // 1,048,587 aggregate
    expect(verdict(halves)).toBe('REQ-BOUND-BYTES');
    // 349,525 lone surrogates: 3 bytes each by Buffer.byteLength (1,048,575), 6 escaped in canonical JSON.
    expect(verdict('\ud800'.repeat(349_526))).toBe('REQ-BOUND-BYTES');
  });
});
