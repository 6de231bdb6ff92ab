import { describe, expect, it } from 'vitest';
import { callRecordOf } from '../protocol/__test-helpers__/sampleOutcomes.js';
import type { Exchange } from './AdapterSession.js';
import { contendedCase } from './exchangeHelpers.js';

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
});
