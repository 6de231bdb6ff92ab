import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../protocol/canonicalJson.js';
import { judgeUniqueKeys } from '../protocol/checkUniqueKeys.js';
import { acceptedOutcome, sampleBinding } from '../protocol/__test-helpers__/sampleOutcomes.js';
import { transcriptCall } from '../transcript/transcriptLine.js';
import { transcriptLineOf } from './__test-helpers__/transcriptLines.js';
import { CallJudge, type CallJudgement } from './CallJudge.js';

describe('CallJudge: OUT-UNIQUE-KEYS', () => {
  const binding = sampleBinding('op-keys', { task: 'x' });
  const canonical = canonicalJson(acceptedOutcome(binding));
  const judge = (stdout: string): readonly string[] =>
    new CallJudge(null).judge(transcriptCall(transcriptLineOf({ binding, answer: stdout, startedAt: 0, endedAt: 1 }), 1)).findings.map((found) => found.clauseId);

  it('judges every answer as the raw-text scan does, the canonical text (which it does not scan) included', () => {
    const answers = {
      canonical: canonical,
      'canonical with its newline': `${canonical}\n`,
      'canonical with two newlines': `${canonical}\n\n`,
      'spaced out': canonical.replaceAll(',', ', '),
      'a key repeated': `{"revision":7,${canonical.slice(1)}\n`,
      // Still a valid outcome (the last value is kept), and the canonical text up to its last brace.
      'a key repeated at the end': `${canonical.slice(0, -1)},"revision":1}\n`,
    };
    for (const [name, stdout] of Object.entries(answers)) {
      const scanned = judgeUniqueKeys(stdout).violation === null ? [] : ['OUT-UNIQUE-KEYS'];
      expect(judge(stdout), name).toEqual(scanned);
    }
    // Both kinds are there: the comparison above can tell them apart.
    expect(judge(answers['a key repeated'])).toEqual(['OUT-UNIQUE-KEYS']);
    expect(judge(answers['a key repeated at the end'])).toEqual(['OUT-UNIQUE-KEYS']);
  });
});

describe('CallJudge: the request judged is the exact text sent', () => {
  const binding = sampleBinding('op-text', { task: 'x' });
  const line = JSON.parse(transcriptLineOf({ binding, answer: acceptedOutcome(binding), startedAt: 0, endedAt: 1 })) as Record<string, unknown>;
  const judge = (fields: Record<string, unknown>): CallJudgement => new CallJudge(null).judge(transcriptCall(JSON.stringify({ ...line, ...fields }), 1));

  it('judges the answer against the binding of requestText, whatever the parsed copy `request` says', () => {
    const other = sampleBinding('op-other', { task: 'x' });
    for (const request of [null, { binding: other }, 'not a request']) {
      expect(judge({ request }), JSON.stringify(request)).toMatchObject({ kind: 'outcome', findings: [] });
    }
    // Without the text, the value is the request: this answer names another operation.
    const { requestText: _requestText, ...withoutText } = line;
    expect(new CallJudge(null).judge(transcriptCall(JSON.stringify({ ...withoutText, request: { ...(line.request as object), binding: other } }), 1))).toMatchObject({
      kind: 'findings',
      findings: [expect.objectContaining({ clauseId: 'OUT-BINDING' })],
    });
  });
});
