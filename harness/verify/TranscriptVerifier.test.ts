import { describe, expect, it } from 'vitest';
import { acceptedOutcome, sampleBinding, sampleRef, terminalOutcome, unknownOutcome } from '../protocol/__test-helpers__/sampleOutcomes.js';
import { type TranscriptInputError, transcriptCall } from '../transcript/transcriptLine.js';
import { transcriptLineOf, type LineSpec } from './__test-helpers__/transcriptLines.js';
import { TranscriptVerifier } from './TranscriptVerifier.js';

const binding = sampleBinding('op-1', { task: 'x' });

function verify(specs: readonly LineSpec[], options = {}): ReturnType<TranscriptVerifier['finish']> {
  const verifier = new TranscriptVerifier(options);
  specs.forEach((spec, index) => verifier.add(transcriptCall(transcriptLineOf(spec), index + 1)));
  return verifier.finish();
}

const summary = (result: ReturnType<TranscriptVerifier['finish']>): [string, number[][]][] =>
  result.violated.map((entry) => [entry.clauseId, entry.examples.map((example) => [...example.lines])]);

describe('TranscriptVerifier', () => {
  it('finds a consistent submit-then-poll history consistent, counting what it checked', () => {
    const result = verify([
      { binding, answer: unknownOutcome(binding), startedAt: 0, endedAt: 10 },
      { binding, action: 'submit', answer: acceptedOutcome(binding), startedAt: 20, endedAt: 30 },
      { binding, answer: terminalOutcome(binding), startedAt: 40, endedAt: 50 },
      { binding, answer: terminalOutcome(binding), startedAt: 60, endedAt: 70 },
    ]);
    expect(result).toMatchObject({ lines: 4, outChecked: 4, outcomes: 4, bindings: 1, refusalsChecked: 0, violated: [] });
  });

  it('names both lines of a history violation, and the line of an OUT violation', () => {
    const result = verify([
      { binding, action: 'submit', answer: acceptedOutcome(binding, 1, sampleRef(1)), startedAt: 0, endedAt: 10 },
      { binding, answer: { ...unknownOutcome(binding), reason: 'lost' }, startedAt: 20, endedAt: 30 },
      { binding, answer: acceptedOutcome(binding, 1, sampleRef(2)), startedAt: 40, endedAt: 50 },
    ]);
    expect(summary(result)).toEqual([
      ['OUT-UNKNOWN-REASON', [[2]]],
      ['SEM-EQUAL-REVISION', [[1, 3]]],
      ['SEM-ACCEPTANCE-STABLE', [[1, 3]]],
    ]);
  });

  it('keeps one history per binding, also for bindings sharing an operation ID', () => {
    // Same operation ID, another payload (so another digest): a terminal of one says nothing about the other.
    const rebound = sampleBinding('op-1', { task: 'y' });
    const result = verify([
      { binding, action: 'submit', answer: terminalOutcome(binding), startedAt: 0, endedAt: 10 },
      { binding: rebound, answer: acceptedOutcome(rebound), startedAt: 20, endedAt: 30 },
      { binding: rebound, answer: unknownOutcome(rebound), startedAt: 40, endedAt: 50 },
      { binding, answer: acceptedOutcome(binding), startedAt: 60, endedAt: 70 },
    ]);
    expect(result.bindings).toBe(2);
    // Each history sees only its own lines: 2 then 3 for one, 1 then 4 for the other.
    expect(summary(result)).toEqual([
      [
        'SEM-REVISION-MONOTONIC',
        [
          [2, 3],
          [1, 4],
        ],
      ],
      ['SEM-TERMINAL-IMMUTABLE', [[1, 4]]],
    ]);
  });

  it('does not order overlapping calls, even when the later-starting one ends first', () => {
    // Line 2 starts before line 1 ends: a stale revision there is no violation; on line 3 (after both) it is.
    const overlapping = verify([
      { binding, answer: terminalOutcome(binding), startedAt: 0, endedAt: 100 },
      { binding, answer: acceptedOutcome(binding), startedAt: 50, endedAt: 60 },
    ]);
    expect(overlapping.violated).toEqual([]);
    const ordered = verify([
      { binding, answer: terminalOutcome(binding), startedAt: 0, endedAt: 100 },
      { binding, answer: acceptedOutcome(binding), startedAt: 50, endedAt: 60 },
      { binding, answer: acceptedOutcome(binding), startedAt: 101, endedAt: 110 },
    ]);
    expect(summary(ordered)).toEqual([
      ['SEM-REVISION-MONOTONIC', [[1, 3]]],
      ['SEM-TERMINAL-IMMUTABLE', [[1, 3]]],
    ]);
  });

  it('judges a malformed request only by the refusal rule of the clauses it breaks', () => {
    const malformed = { contract: 'algal.coding-operation-request.v1', action: 'observe', binding, retry: true };
    const result = verify([
      { binding, request: malformed, answer: { garbage: true }, startedAt: 0, endedAt: 10, exitCode: 2 },
      { binding, request: malformed, answer: unknownOutcome(binding), startedAt: 20, endedAt: 30 },
      { binding, request: malformed, answer: acceptedOutcome(binding), startedAt: 40, endedAt: 50 },
    ]);
    expect(summary(result)).toEqual([['REQ-CLOSED', [[3]]]]);
    expect(result).toMatchObject({ refusalsChecked: 3, outChecked: 0, outcomes: 0 });
  });

  it('judges against --max-output-bytes when given', () => {
    const big = terminalOutcome(binding, 2, sampleRef(1), 'completed', 'x'.repeat(2_000));
    expect(verify([{ binding, answer: big, startedAt: 0, endedAt: 1 }]).violated).toEqual([]);
    expect(summary(verify([{ binding, answer: big, startedAt: 0, endedAt: 1 }], { maxOutputBytes: 1_024 })).map(([id]) => id)).toEqual(['OUT-RESULT-INTEGRITY', 'OUT-SIZE']);
  });

  it('refuses a transcript out of startedAt order, naming the line', () => {
    const verifier = new TranscriptVerifier();
    verifier.add(transcriptCall(transcriptLineOf({ binding, answer: unknownOutcome(binding), startedAt: 50, endedAt: 60 }), 1));
    expect(() => verifier.add(transcriptCall(transcriptLineOf({ binding, answer: unknownOutcome(binding), startedAt: 10, endedAt: 20 }), 2))).toThrow(
      expect.objectContaining({ name: 'TranscriptInputError', line: 2, field: 'startedAt' }) as TranscriptInputError,
    );
  });
});
