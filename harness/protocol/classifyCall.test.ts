import { describe, expect, it } from 'vitest';
import { callRecordOf } from './__test-helpers__/callRecordOf.js';
import { acceptedOutcome, sampleBinding, unknownOutcome } from './__test-helpers__/sampleOutcomes.js';
import { canonicalJson } from './canonicalJson.js';
import { classifyCall } from './classifyCall.js';

const binding = sampleBinding();
const valid = canonicalJson(acceptedOutcome(binding));

describe('classifyCall', () => {
  it('gives the outcome of a clean exit-0 call', () => {
    expect(classifyCall(callRecordOf({ stdout: valid }), binding)).toStrictEqual({ kind: 'outcome', outcome: acceptedOutcome(binding) });
  });

  it('makes invalid exit-0 output uncertain with its OUT violations', () => {
    const evidence = classifyCall(callRecordOf({ stdout: canonicalJson({ ...unknownOutcome(binding), reason: 'gone' }) }), binding);
    expect(evidence.kind).toBe('uncertain');
    if (evidence.kind !== 'uncertain') return;
    expect(evidence.reason).toBe('invalid-output');
    expect(evidence.violations.map((found) => found.clauseId)).toEqual(['OUT-UNKNOWN-REASON']);
  });

  it('judges OUT-BINDING against the given binding', () => {
    const evidence = classifyCall(callRecordOf({ stdout: valid }), sampleBinding('op-2'));
    expect(evidence.kind === 'uncertain' && evidence.violations.map((found) => found.clauseId)).toEqual(['OUT-BINDING']);
  });

  it('judges OUT-SIZE against the call’s own output bound', () => {
    const evidence = classifyCall(callRecordOf({ stdout: valid, maxOutputBytes: valid.length - 1 }), binding);
    expect(evidence.kind === 'uncertain' && evidence.violations.map((found) => found.clauseId)).toEqual(['OUT-SIZE']);
  });

  it('breaks OUT-JSON when exit-0 stdout is not valid UTF-8, even if the text parses', () => {
    const evidence = classifyCall(callRecordOf({ stdout: valid, stdoutInvalidUtf8: true }), binding);
    expect(evidence).toMatchObject({ kind: 'uncertain', reason: 'invalid-output' });
    expect(evidence.kind === 'uncertain' && evidence.violations.map((found) => found.clauseId)).toEqual(['OUT-JSON']);
  });

  it('breaks OUT-EXIT when a valid outcome comes with a nonzero exit', () => {
    const evidence = classifyCall(callRecordOf({ stdout: valid, exitCode: 3, uncertainty: 'nonzero-exit' }), binding);
    expect(evidence).toMatchObject({ kind: 'uncertain', reason: 'nonzero-exit' });
    expect(evidence.kind === 'uncertain' && evidence.violations.map((found) => [found.clauseId, found.details])).toEqual([['OUT-EXIT', { exitCode: 3 }]]);
  });

  it('treats a nonzero exit with invalid or no output as a refusal: uncertain, no violation', () => {
    for (const stdout of ['', 'error: bad request', canonicalJson({ ...unknownOutcome(binding), reason: 'gone' })]) {
      expect(classifyCall(callRecordOf({ stdout, exitCode: 1, uncertainty: 'nonzero-exit' }), binding)).toStrictEqual({
        kind: 'uncertain',
        reason: 'nonzero-exit',
        violations: [],
      });
    }
  });

  it.each(['timeout', 'canceled', 'output-overflow', 'stream-failure', 'spawn-failure', 'killed-by-signal', 'pre-aborted'] as const)(
    'makes %s uncertain without violations, even with a valid stdout',
    (uncertainty) => {
      expect(classifyCall(callRecordOf({ stdout: valid, exitCode: null, uncertainty }), binding)).toStrictEqual({
        kind: 'uncertain',
        reason: uncertainty,
        violations: [],
      });
    },
  );
});
