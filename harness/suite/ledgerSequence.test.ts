import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LedgerCommand } from './LedgerCommand.js';
import { ledgerSequence } from './ledgerSequence.js';

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
    const details = fc.check(fc.property(ledgerSequence(), (commands) => commands[0]?.kind !== 'observe'), { examples: [[example]], numRuns: 1 });
    expect(details.counterexample?.[0]).toEqual([example[0]]);
  });
});
