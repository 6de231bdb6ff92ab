import { describe, expect, it } from 'vitest';
import { callRecordOf } from '../protocol/__test-helpers__/sampleOutcomes.js';
import type { AdapterSession } from './AdapterSession.js';
import type { Exchange } from '../model/exchange.js';
import { BUDGET_SPENT } from './callPacing.js';
import { contendedCase, noTerminalReason } from './exchangeHelpers.js';

const timedOut: Exchange = { kind: 'uncertain', reason: 'timed out', record: callRecordOf({ action: 'submit', exitCode: null, timedOut: true, uncertainty: 'timeout' }) };
const refused: Exchange = { kind: 'uncertain', reason: 'exit 2', record: callRecordOf({ action: 'submit', exitCode: 2, uncertainty: 'nonzero-exit' }) };

describe('contendedCase', () => {
  it('marks an undecided race case whose racers missed their deadline, counting them', () => {
    expect(contendedCase({ verdict: 'undecided', reason: 'nothing admitted' }, [timedOut, refused, timedOut])).toEqual({
      verdict: 'undecided',
      reason: 'nothing admitted',
      contended: '2 of 3 racing calls missed their deadline',
    });
  });

  it('leaves a decided case, and an undecided one without a late racer, as they are', () => {
    expect(contendedCase({ verdict: 'held' }, [timedOut])).toEqual({ verdict: 'held' });
    expect(contendedCase({ verdict: 'undecided', reason: 'nothing admitted' }, [refused])).toEqual({ verdict: 'undecided', reason: 'nothing admitted' });
  });

  it('gives the reason racing calls were not made (the submit budget) before any answer of theirs', () => {
    const notMade: Exchange = { kind: 'uncertain', reason: BUDGET_SPENT, record: null };
    expect(contendedCase({ verdict: 'undecided', reason: 'nothing admitted' }, [refused, notMade, notMade])).toEqual({
      verdict: 'undecided',
      reason: `2 of 3 racing calls were not made: ${BUDGET_SPENT}`,
    });
  });
});

describe('noTerminalReason', () => {
  const sessionWhoseBudget = (spent: boolean): AdapterSession => ({ submitBudgetSpent: () => spent }) as unknown as AdapterSession;

  it('names the polling budget, and the submit budget too once it refused a submit', () => {
    expect(noTerminalReason(sessionWhoseBudget(false), 8)).toBe('no operation reached terminal within the polling budget (8 observes; raise it with --poll-budget)');
    expect(noTerminalReason(sessionWhoseBudget(true), 8)).toBe(
      `${BUDGET_SPENT}, and no operation submitted before reached terminal within the polling budget (8 observes; raise it with --poll-budget)`,
    );
  });
});
