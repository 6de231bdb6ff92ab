import { describe, expect, it } from 'vitest';
import { bindingFor } from './bindingFor.js';
import { digestText } from './digest.js';

describe('bindingFor', () => {
  it('binds the canonical digest of the payload only', () => {
    const binding = bindingFor({ operationId: 'op-1', authorityId: 'ledger-a1', payload: { b: 2, a: 1 } });
    expect(binding).toStrictEqual({ operationId: 'op-1', authorityId: 'ledger-a1', requestDigest: digestText('{"a":1,"b":2}') });
  });

  it('gives different payloads different digests, and key order none', () => {
    const one = bindingFor({ operationId: 'op', authorityId: 'a', payload: [1, 2] });
    const two = bindingFor({ operationId: 'op', authorityId: 'a', payload: [2, 1] });
    expect(one.requestDigest).not.toBe(two.requestDigest);
    expect(bindingFor({ operationId: 'op', authorityId: 'a', payload: { x: 1, y: 2 } }).requestDigest).toBe(
      bindingFor({ operationId: 'op', authorityId: 'a', payload: { y: 2, x: 1 } }).requestDigest,
    );
  });

  it('throws on a payload with no canonical form', () => {
    expect(() => bindingFor({ operationId: 'op', authorityId: 'a', payload: NaN })).toThrow(TypeError);
  });
});
