import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../harness/protocol/canonicalJson.js';
import { LedgerCommand } from '../harness/model/LedgerModel.js';
import { OperationIds } from '../harness/model/OperationIds.js';
import { describeLedgerSequence, distinctPayloads, ledgerPool, ledgerSequence } from './ledgerSequence.js';

describe('ledgerSequence', () => {
  it('generates 1 to maxCommands steps on operations of the pool', () => {
    fc.assert(
      fc.property(ledgerSequence({ operations: 2, maxCommands: 5 }), (commands) => {
        expect(commands.length).toBeGreaterThanOrEqual(1);
        expect(commands.length).toBeLessThanOrEqual(5);
        for (const command of commands) expect([0, 1]).toContain(command.op);
      }),
      { numRuns: 100 },
    );
  });

  it('shrinks away the steps after a failing one (an array shrinker alone always keeps the last step)', () => {
    const lengths = [1, 2, 3, 4, 5, 6, 7, 8].map((seed) => {
      const details = fc.check(
        fc.property(ledgerSequence(), (commands) => commands[0]?.kind !== 'observe'),
        { seed, numRuns: 200 },
      );
      return details.counterexample?.[0].length;
    });
    expect(lengths).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('shrinks a must-try example too, which has no shrink context', () => {
    const example = [new LedgerCommand('observe', 0), new LedgerCommand('submit', 1), new LedgerCommand('submit', 0)];
    const details = fc.check(
      fc.property(ledgerSequence(), (commands) => commands[0]?.kind !== 'observe'),
      { examples: [[example]], numRuns: 1 },
    );
    expect(details.counterexample?.[0]).toEqual([example[0]]);
  });
});

describe('describeLedgerSequence', () => {
  it('lists only the steps that apply: a rebind needs a submit of its operation first', () => {
    const steps = [new LedgerCommand('rebind', 0), new LedgerCommand('observe', 1), new LedgerCommand('submit', 0), new LedgerCommand('rebind', 0)];
    expect(describeLedgerSequence(steps)).toBe("observe op2 → submit op1 → submit op1's operationId with another payload");
    expect(describeLedgerSequence([new LedgerCommand('rebind', 2)])).toBe('no step applies');
  });
});

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

describe('distinctPayloads', () => {
  it('gives pairwise different canonical payloads, even from a one-sample family', () => {
    const family = { kind: 'samples', file: 'x.json', samples: [{ task: 'only' }] } as const;
    fc.assert(
      fc.property(distinctPayloads(family, 4), (values) => {
        expect(new Set(values.map((value) => canonicalJson(value))).size).toBe(4);
      }),
      { numRuns: 20 },
    );
  });
});
