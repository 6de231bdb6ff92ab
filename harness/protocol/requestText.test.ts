import { describe, expect, it } from 'vitest';
import { sampleBinding } from './__test-helpers__/sampleOutcomes.js';
import { observeRequest } from './observeRequest.js';
import { requestText } from './requestText.js';

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
