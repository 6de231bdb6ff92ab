import { describe, expect, it } from 'vitest';
import { describeLedgerSequence } from './describeLedgerSequence.js';
import { LedgerCommand } from './LedgerCommand.js';

describe('describeLedgerSequence', () => {
  it('lists only the steps that apply: a rebind needs a submit of its operation first', () => {
    const steps = [new LedgerCommand('rebind', 0), new LedgerCommand('observe', 1), new LedgerCommand('submit', 0), new LedgerCommand('rebind', 0)];
    expect(describeLedgerSequence(steps)).toBe("observe op2 → submit op1 → submit op1's operationId with another payload");
    expect(describeLedgerSequence([new LedgerCommand('rebind', 2)])).toBe('no step applies');
  });
});
