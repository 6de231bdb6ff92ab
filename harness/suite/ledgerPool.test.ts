import { describe, expect, it } from 'vitest';
import { ledgerPool } from './ledgerPool.js';
import { OperationIds } from './OperationIds.js';

describe('ledgerPool', () => {
  it('binds a rebound payload to the primary operationId and a never-submitted ghost to a fresh one', () => {
    const [operation] = ledgerPool(new OperationIds('t'), 'ledger-a1', [[{ n: 1 }, { n: 2 }]]);
    expect(operation?.rebound.operationId).toBe(operation?.primary.operationId);
    expect(operation?.rebound.requestDigest).not.toBe(operation?.primary.requestDigest);
    expect(operation?.ghost.operationId).not.toBe(operation?.primary.operationId);
    expect(operation?.ghost.requestDigest).toBe(operation?.primary.requestDigest);
    expect(() => ledgerPool(new OperationIds('t'), 'ledger-a1', [[{ n: 1 }]])).toThrow(RangeError);
  });
});
