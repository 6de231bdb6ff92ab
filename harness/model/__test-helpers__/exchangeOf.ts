import { canonicalJson } from '../../protocol/canonicalJson.js';
import { callRecordOf } from '../../protocol/__test-helpers__/sampleOutcomes.js';
import type { Outcome } from '../../protocol/types.js';
import type { CallRecord } from '../../transport/callRecord.js';
import type { Exchange } from '../exchange.js';

/** A valid outcome as an exchange, its call spanning `[startedAt, endedAt]`. */
export function exchangeOf(outcome: Outcome, span: Partial<Pick<CallRecord, 'startedAt' | 'endedAt'>> = {}): Exchange {
  return { kind: 'outcome', outcome, record: callRecordOf({ stdout: canonicalJson(outcome), ...span }) };
}

/** An uncertain exchange: a refusal (exit 2, optional stdout) or a timeout. */
export function uncertainOf(kind: 'refusal' | 'timeout', stdout = ''): Exchange {
  const record = callRecordOf(
    kind === 'refusal' ? { stdout, exitCode: 2, uncertainty: 'nonzero-exit' } : { stdout, exitCode: null, signal: 'SIGKILL', timedOut: true, uncertainty: 'timeout' },
  );
  return { kind: 'uncertain', reason: kind, record };
}
