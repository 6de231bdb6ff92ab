import { digestText, type Digest } from '../digest.js';
import {
  type AcceptedOutcome,
  type Binding,
  type TerminalOutcome,
  type TerminalOutcomeKind,
  type UnknownOutcome,
  type UnknownReason,
  OUTCOME_CONTRACT,
  SETTLEMENT,
  type Outcome,
  TERMINAL_OUTCOMES,
  UNKNOWN_REASONS,
} from '../types.js';
import { bindingFor } from '../requests.js';
import * as fc from 'fast-check';
import type { CallRecord, TransportUncertainty } from '../../transport/callRecord.js';

/** A valid binding for tests. */
export function sampleBinding(operationId = 'op-1', payload: unknown = { task: 'x' }): Binding {
  return bindingFor({ operationId, authorityId: 'ledger-a1', payload });
}

/** A distinct, well-formed acceptanceRef per label. */
export function sampleRef(label: string | number): Digest {
  return digestText(`acceptance:${label}`);
}

/** A valid unknown outcome. */
export function unknownOutcome(binding: Binding, revision = 0, reason: UnknownReason = 'missing'): UnknownOutcome {
  return { contract: OUTCOME_CONTRACT, ...binding, revision, state: 'unknown', reason };
}

/** A valid accepted outcome. */
export function acceptedOutcome(binding: Binding, revision = 1, acceptanceRef: Digest = sampleRef(1)): AcceptedOutcome {
  return { contract: OUTCOME_CONTRACT, ...binding, revision, state: 'accepted', acceptanceRef };
}

/** A valid terminal outcome whose result matches its text. */
export function terminalOutcome(binding: Binding, revision = 2, acceptanceRef: Digest = sampleRef(1), outcome: TerminalOutcomeKind = 'completed', text = 'done'): TerminalOutcome {
  return {
    contract: OUTCOME_CONTRACT,
    ...binding,
    revision,
    state: 'terminal',
    acceptanceRef,
    outcome,
    settlement: SETTLEMENT,
    result: { text, digest: digestText(text), length: Buffer.byteLength(text, 'utf8') },
  };
}

/** Arbitrary valid outcomes of one binding, every state, revisions across the whole range. */
export function outcomeArbitrary(binding: Binding): fc.Arbitrary<Outcome> {
  const revision = (min: number) => fc.integer({ min, max: 2_147_483_647 });
  const ref = fc.nat(5).map(sampleRef);
  return fc.oneof(
    fc.tuple(revision(0), fc.constantFrom(...UNKNOWN_REASONS)).map(([rev, reason]) => unknownOutcome(binding, rev, reason)),
    fc.tuple(revision(1), ref).map(([rev, acceptanceRef]) => acceptedOutcome(binding, rev, acceptanceRef)),
    fc
      .tuple(revision(1), ref, fc.constantFrom(...TERMINAL_OUTCOMES), fc.string({ unit: 'binary', maxLength: 40 }))
      .map(([rev, acceptanceRef, kind, text]) => terminalOutcome(binding, rev, acceptanceRef, kind, text)),
  );
}

/** A finished call that exited 0 within bounds, with `overrides` applied. */
export function callRecordOf(overrides: Partial<CallRecord> = {}): CallRecord {
  const stdout = overrides.stdout ?? '';
  return {
    callId: 'call-1',
    action: 'observe',
    argv: ['/bin/adapter', 'observe'],
    requestText: '{}',
    startedAt: 1_000,
    endedAt: 1_010,
    exitCode: 0,
    signal: null,
    timedOut: false,
    stdout,
    stdoutBytes: Buffer.byteLength(stdout),
    stdoutTruncated: false,
    stdoutInvalidUtf8: false,
    stderrTail: '',
    stderrTruncated: false,
    stderrBytes: 0,
    timeoutMs: 10_000,
    maxOutputBytes: 1_048_576,
    uncertainty: null,
    ...overrides,
  };
}

/**
 * A submit's call record with the given answer, exit and uncertainty (the rest fixed), for judges of one answer.
 * @param stdout - what the adapter wrote
 * @param exitCode - its exit code
 * @param uncertainty - why the call is uncertain, or null
 * @param signal - the signal that ended it, or null
 */
export function submitRecord(stdout: string, exitCode: number | null, uncertainty: TransportUncertainty | null, signal: string | null = null): CallRecord {
  return callRecordOf({
    callId: 'c',
    action: 'submit',
    argv: [],
    startedAt: 0,
    endedAt: 1,
    exitCode,
    signal,
    timedOut: uncertainty === 'timeout',
    stdout,
    timeoutMs: 1000,
    maxOutputBytes: 1024,
    uncertainty,
  });
}
