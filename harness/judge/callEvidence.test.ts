import { describe, expect, it } from 'vitest';
import { callRecordOf, acceptedOutcome, sampleBinding, unknownOutcome, terminalOutcome } from '../protocol/__test-helpers__/sampleOutcomes.js';
import { canonicalJson } from '../protocol/canonicalJson.js';
import { classifyCall, admissionState } from './callEvidence.js';

const binding = sampleBinding();
const valid = canonicalJson(acceptedOutcome(binding));

describe('classifyCall', () => {
  it('gives the outcome of a clean exit-0 call', () => {
    expect(classifyCall(callRecordOf({ stdout: valid }), binding)).toStrictEqual({ kind: 'outcome', outcome: acceptedOutcome(binding), canonicalText: valid });
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

const accepted = canonicalJson(acceptedOutcome(binding));
const terminal = canonicalJson(terminalOutcome(binding));
const unknown = canonicalJson(unknownOutcome(binding));

describe('admissionState', () => {
  it.each<[string, string, ReturnType<typeof admissionState>]>([
    ['a valid accepted outcome', accepted, 'accepted'],
    ['a valid terminal outcome', terminal, 'terminal'],
    ['a valid unknown outcome', unknown, 'unknown'],
    ['empty stdout', '', 'none'],
    ['an error message', 'error: refused', 'none'],
    ['an object without state', '{"error":"refused"}', 'none'],
    ['a malformed accepted outcome', '{"state":"accepted","contract":"nope"}', 'accepted'],
    ['a log line before an accepted outcome', `starting {phase 1}\n${accepted}\n`, 'accepted'],
    ['an unknown then an accepted object', `${unknown}${accepted}`, 'accepted'],
    ['an accepted wrapped in an array', `[${accepted}]`, 'accepted'],
    ['a terminal cut short', JSON.stringify(terminalOutcome(binding), ['state', 'revision', 'result', 'text']).slice(0, 40), 'terminal'],
    ['broken JSON with a terminal state', '{"state": "terminal", oops}', 'terminal'],
    ['braces inside strings', '{"note":"}{","state":"accepted"}', 'accepted'],
    ['escaped quotes inside strings', '{"note":"\\"}","state":"terminal"}', 'terminal'],
    ['a nested state only', '{"detail":{"state":"accepted"}}', 'none'],
    ['a quoted admission inside a string', '{"log":"{\\"state\\":\\"accepted\\"}"}', 'none'],
    ['an unknown state with a broken tail', `${unknown} {`, 'unknown'],
    ['a non-string state', '{"state":1}', 'none'],
  ])('reads %s', (_name, stdout, expected) => {
    expect(admissionState(stdout)).toBe(expected);
  });

  it('scans hostile input in linear time without overflowing', () => {
    expect(admissionState('{'.repeat(200_000))).toBe('none');
    expect(admissionState('['.repeat(100_000) + ']'.repeat(100_000))).toBe('none');
    expect(admissionState(`${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}${accepted}`)).toBe('accepted');
  });
});
