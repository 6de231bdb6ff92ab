import { describe, expect, it } from 'vitest';
import { bindingFor, submitRequest, observeRequest, requestText } from './requests.js';
import { digestText } from './digest.js';
import { sampleBinding } from './__test-helpers__/sampleOutcomes.js';
import { validateRequest } from './validateRequest.js';

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

describe('submitRequest', () => {
  it('builds exactly the submit wire form', () => {
    const payload = { task: 'x' };
    const binding = sampleBinding('op-1', payload);
    const request = submitRequest(binding, payload);
    expect(Object.keys(request).sort()).toEqual(['action', 'binding', 'contract', 'payload']);
    expect(request).toStrictEqual({ contract: 'algal.coding-operation-request.v1', action: 'submit', binding, payload });
    expect(validateRequest(request, { argvAction: 'submit', authorityId: 'ledger-a1' })).toEqual([]);
  });

  it('copies the binding so later edits to it do not leak into the request', () => {
    const binding = { ...sampleBinding() };
    const request = submitRequest(binding, { task: 'x' });
    (binding as { operationId: string }).operationId = 'changed';
    expect(request.binding.operationId).toBe('op-1');
  });
});

describe('observeRequest', () => {
  it('builds exactly the observe wire form, without payload', () => {
    const binding = sampleBinding();
    const request = observeRequest(binding);
    expect(request).toStrictEqual({ contract: 'algal.coding-operation-request.v1', action: 'observe', binding });
    expect(Object.hasOwn(request, 'payload')).toBe(false);
    expect(validateRequest(request, { argvAction: 'observe' })).toEqual([]);
  });
});

describe('requestText', () => {
  it('is the canonical JSON of the request', () => {
    const binding = sampleBinding();
    expect(requestText(observeRequest(binding))).toBe(
      `{"action":"observe","binding":{"authorityId":"ledger-a1","operationId":"op-1","requestDigest":"${binding.requestDigest}"},"contract":"algal.coding-operation-request.v1"}`,
    );
  });

  it('serializes malformed requests too, and refuses non-finite numbers', () => {
    expect(requestText({ retry: true, contract: 1 })).toBe('{"contract":1,"retry":true}');
    expect(() => requestText({ payload: Infinity })).toThrow(TypeError);
  });
});
