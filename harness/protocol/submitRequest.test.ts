import { describe, expect, it } from 'vitest';
import { sampleBinding } from './__test-helpers__/sampleOutcomes.js';
import { submitRequest } from './submitRequest.js';
import { validateRequest } from './validateRequest.js';

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
