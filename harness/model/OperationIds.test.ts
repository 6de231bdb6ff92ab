import { describe, expect, it } from 'vitest';
import { IDENTITY_MAX_LENGTH, IDENTITY_PATTERN } from '../protocol/types.js';
import { OperationIds } from './OperationIds.js';

// The counter lives in the instance, and the prefix holds nonce, pid and thread: two instances with the
// same nonce in one thread would repeat IDs. A run makes one instance per worker with a random nonce.
describe('OperationIds', () => {
  it('mints unique identities with an upper-case letter', () => {
    const ids = new OperationIds('0a1b2c3d');
    const minted = Array.from({ length: 5_000 }, (_, index) => ids.fresh(index % 2 === 0 ? 'op' : 'control'));
    expect(new Set(minted).size).toBe(minted.length);
    for (const id of minted) {
      expect(id).toMatch(IDENTITY_PATTERN);
      expect(id).toMatch(/[A-Z]/);
      expect(id.toLowerCase()).not.toBe(id);
    }
  });

  it('never repeats across instances with different nonces', () => {
    const first = new OperationIds('0a1b2c3d');
    const second = new OperationIds('0a1b2c3e');
    const minted = [first, second].flatMap((ids) => Array.from({ length: 500 }, () => [ids.fresh(), ids.freshOfLength(IDENTITY_MAX_LENGTH)]).flat());
    expect(new Set(minted).size).toBe(minted.length);
  });

  it('carries the tag for a reader of the transcript', () => {
    expect(new OperationIds('0a1b2c3d').fresh('edge')).toMatch(/^AQ-0a1b2c3d-.*\.edge\.1$/);
  });

  it('gives identities of exactly the requested length, up to the protocol maximum', () => {
    const ids = new OperationIds('0a1b2c3d');
    const shortest = ids.fresh('len').length;
    for (let length = shortest; length <= IDENTITY_MAX_LENGTH; length++) {
      const id = ids.freshOfLength(length);
      expect(id).toHaveLength(length);
      expect(id).toMatch(IDENTITY_PATTERN);
      expect(id).toMatch(/[A-Z]/);
    }
  });

  it('never repeats at one length, however high the counter climbs', () => {
    const ids = new OperationIds('0a1b2c3d');
    const minted = Array.from({ length: 3_000 }, () => ids.freshOfLength(IDENTITY_MAX_LENGTH));
    expect(new Set(minted).size).toBe(minted.length);
  });

  it('refuses lengths beyond the maximum or below the unique prefix', () => {
    const ids = new OperationIds('0a1b2c3d');
    expect(() => ids.freshOfLength(IDENTITY_MAX_LENGTH + 1)).toThrow(RangeError);
    expect(() => ids.freshOfLength(10)).toThrow(RangeError);
    expect(() => ids.freshOfLength(0)).toThrow(/shorter than a unique prefix/);
  });
});
