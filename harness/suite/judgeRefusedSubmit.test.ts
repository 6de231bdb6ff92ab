import { describe, expect, it } from 'vitest';
import { callRecordOf } from '../protocol/__test-helpers__/callRecordOf.js';
import { acceptedOutcome, sampleRef } from '../protocol/__test-helpers__/sampleOutcomes.js';
import type { Binding } from '../protocol/types.js';
import type { Exchange } from './AdapterSession.js';
import { judgeRefusedSubmit, payloadFeatures } from './judgeRefusedSubmit.js';

const refusedBy = (uncertainty: 'nonzero-exit' | 'timeout' | 'sdk-rejected'): Exchange & { kind: 'uncertain' } => ({
  kind: 'uncertain',
  reason: uncertainty,
  record: callRecordOf({ action: 'submit', exitCode: uncertainty === 'nonzero-exit' ? 2 : null, uncertainty }),
});

/** A session whose control submit is admitted (or refused), recording what it was sent. */
function controlSession(admitsControl: boolean) {
  const sent: { binding: Binding; payload: unknown }[] = [];
  return {
    sent,
    session: {
      authorityId: 'ledger-a1',
      submit: async (binding: Binding, payload: unknown): Promise<Exchange> => {
        sent.push({ binding, payload });
        return admitsControl ? { kind: 'outcome', outcome: acceptedOutcome(binding, 1, sampleRef(1)), record: callRecordOf() } : refusedBy('nonzero-exit');
      },
    },
  };
}

const ids = { fresh: (tag = 'op') => `AQ-${tag}-1` };
const integerKeyed = { '10': 'a', '9': 'b', a: 1 };

describe('judgeRefusedSubmit', () => {
  it('FAILs SEM-SUBMIT-ADMITS, naming integer-like keys, when a control {} right after is admitted', async () => {
    const { session, sent } = controlSession(true);
    const result = await judgeRefusedSubmit(refusedBy('nonzero-exit'), integerKeyed, { session, ids });
    expect(sent.map((entry) => entry.payload)).toEqual([{}]);
    expect(result.verdict).toBe('violated');
    const [found] = result.verdict === 'violated' ? result.violations : [];
    expect(found).toMatchObject({ clauseId: 'SEM-SUBMIT-ADMITS', message: expect.stringMatching(/exit 2.*control submit of \{\}.*integer-like keys.*"9", "10"/) });
  });

  it('also judges an SDK rejection', async () => {
    const { session } = controlSession(true);
    expect((await judgeRefusedSubmit(refusedBy('sdk-rejected'), integerKeyed, { session, ids })).verdict).toBe('violated');
  });

  it('stays undecided when the control is refused too (the authority may be unavailable), or the call was not a refusal', async () => {
    const refusing = controlSession(false);
    expect(await judgeRefusedSubmit(refusedBy('nonzero-exit'), integerKeyed, { session: refusing.session, ids })).toMatchObject({ verdict: 'undecided', reason: expect.stringContaining('control submit of {}') });
    const admitting = controlSession(true);
    expect(await judgeRefusedSubmit(refusedBy('timeout'), integerKeyed, { session: admitting.session, ids })).toEqual({ verdict: 'undecided', reason: 'timeout' });
    expect(admitting.sent).toEqual([]);
  });
});

describe('payloadFeatures', () => {
  it('names array-index keys anywhere in the payload, and only those', () => {
    expect(payloadFeatures({ x: [{ '10': 1 }], a: 2 })).toEqual([expect.stringContaining('integer-like keys')]);
    expect(payloadFeatures({ x: [{ '10': 1 }] })[0]).toContain('"10"');
    expect(payloadFeatures({ '01': 1, '-1': 2, '4294967295': 3, a: [] })).toEqual([]);
    expect(payloadFeatures([1, 'x', null])).toEqual([]);
  });
});
