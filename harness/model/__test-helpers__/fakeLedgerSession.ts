import { canonicalJson, type JsonValue } from '../../protocol/canonicalJson.js';
import { callRecordOf, acceptedOutcome, sampleRef, terminalOutcome, unknownOutcome } from '../../protocol/__test-helpers__/sampleOutcomes.js';
import type { Binding, Outcome } from '../../protocol/types.js';
import type { Exchange } from '../exchange.js';
import type { LedgerSystem } from '../LedgerModel.js';

/** A defect the fake ledger can have (each breaks one clause of the model). */
export type FakeLedgerDefect = 'none' | 'resubmit-readmits' | 'rebind-admits' | 'observe-admits' | 'terminal-text-changes';

/** The calls a fake session answered, for assertions. */
export interface FakeLedgerSession extends Pick<LedgerSystem, 'session'> {
  readonly calls: string[];
}

/**
 * An in-memory ledger behind the `submit`/`observe` of a session: the reference
 * semantics (terminal after two observes of an admission), or one defect.
 */
export function fakeLedgerSession(defect: FakeLedgerDefect = 'none'): FakeLedgerSession {
  const admissions = new Map<string, { digest: string; ref: number; observes: number; terminalAt: number | null }>();
  let refs = 0;
  let clock = 0;
  const calls: string[] = [];
  const answer = (action: 'submit' | 'observe', outcome: Outcome | null): Exchange => {
    clock += 10;
    const stdout = outcome === null ? '' : canonicalJson(outcome);
    const record = callRecordOf({ action, stdout, startedAt: clock, endedAt: clock + 5, exitCode: outcome === null ? 2 : 0, uncertainty: outcome === null ? 'nonzero-exit' : null });
    return outcome === null ? { kind: 'uncertain', reason: 'exit 2', record } : { kind: 'outcome', outcome, record };
  };
  const view = (binding: Binding): Outcome => {
    const entry = admissions.get(binding.operationId);
    if (entry === undefined || entry.digest !== binding.requestDigest) return unknownOutcome(binding);
    if (entry.terminalAt === null) return acceptedOutcome(binding, 1, sampleRef(entry.ref));
    return terminalOutcome(binding, 2, sampleRef(entry.ref), 'completed', defect === 'terminal-text-changes' ? `done ${clock}` : 'done');
  };
  const admit = (binding: Binding): void => {
    refs += 1;
    admissions.set(binding.operationId, { digest: binding.requestDigest, ref: refs, observes: 0, terminalAt: null });
  };
  return {
    calls,
    session: {
      submit: async (binding: Binding, _payload: JsonValue) => {
        calls.push(`submit ${binding.operationId}`);
        const entry = admissions.get(binding.operationId);
        if (entry === undefined || (defect === 'resubmit-readmits' && entry.terminalAt === null && entry.digest === binding.requestDigest)) admit(binding);
        else if (entry.digest !== binding.requestDigest) {
          if (defect !== 'rebind-admits') return answer('submit', null);
          admit(binding);
        }
        return answer('submit', view(binding));
      },
      observe: async (binding: Binding) => {
        calls.push(`observe ${binding.operationId}`);
        const entry = admissions.get(binding.operationId);
        if (entry === undefined && defect === 'observe-admits') {
          admit(binding);
          return answer('observe', unknownOutcome(binding));
        }
        if (entry !== undefined && entry.digest === binding.requestDigest) {
          entry.observes += 1;
          if (entry.observes >= 2) entry.terminalAt ??= clock;
        }
        return answer('observe', view(binding));
      },
    },
  };
}
