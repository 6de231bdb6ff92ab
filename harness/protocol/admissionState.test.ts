import { describe, expect, it } from 'vitest';
import { acceptedOutcome, sampleBinding, terminalOutcome, unknownOutcome } from './__test-helpers__/sampleOutcomes.js';
import { admissionState } from './admissionState.js';
import { canonicalJson } from './canonicalJson.js';

const binding = sampleBinding();
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
