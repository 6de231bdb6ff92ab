import { describe, expect, it } from 'vitest';
import { sampleBinding } from './__test-helpers__/sampleOutcomes.js';
import { observeRequest } from './observeRequest.js';
import { validateRequest } from './validateRequest.js';

describe('observeRequest', () => {
  it('builds exactly the observe wire form, without payload', () => {
    const binding = sampleBinding();
    const request = observeRequest(binding);
    expect(request).toStrictEqual({ contract: 'algal.coding-operation-request.v1', action: 'observe', binding });
    expect(Object.hasOwn(request, 'payload')).toBe(false);
    expect(validateRequest(request, { argvAction: 'observe' })).toEqual([]);
  });
});
