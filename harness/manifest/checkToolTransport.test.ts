import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { callRecordOf } from '../protocol/__test-helpers__/sampleOutcomes.js';
import { judgeToolResponse } from './checkToolTransport.js';

const validateOutput = new Ajv().compile({ type: 'object', required: ['ok', 'n'], properties: { ok: { const: true }, n: { type: 'integer' } } });
const call = (stdout: string, exitCode: number) => callRecordOf({ stdout, exitCode, uncertainty: exitCode === 0 ? null : 'nonzero-exit' });
const clausesOf = (result: ReturnType<typeof judgeToolResponse>) => (result.verdict === 'violated' ? result.violations.map((found) => found.clauseId) : []);

describe('judgeToolResponse', () => {
  it('holds a success that matches its outputSchema, and a refusal stating not-submitted', () => {
    expect(judgeToolResponse(call('{"ok":true,"n":1}\n', 0), validateOutput, false)).toEqual({
      verdict: 'held',
      exercised: ['TRN-ONE-JSON', 'TRN-OK', 'TRN-OUTPUT-SCHEMA'],
    });
    expect(judgeToolResponse(call('{"ok":false,"outcome":"not-submitted"}', 1), validateOutput, true)).toEqual({
      verdict: 'held',
      exercised: ['TRN-ONE-JSON', 'TRN-OK', 'TRN-FAILURE-OUTCOME', 'TRN-INPUT-REFUSED'],
    });
  });

  it('names each broken clause', () => {
    const twoDocuments = judgeToolResponse(call('{"ok":true,"n":1}\n{"ok":true,"n":1}\n', 0), validateOutput, false);
    expect(clausesOf(twoDocuments)).toEqual(['TRN-ONE-JSON']);
    expect(twoDocuments.verdict === 'violated' && twoDocuments.violations[0]?.message).toBe('stdout holds 2 JSON documents, not exactly one');
    expect(clausesOf(judgeToolResponse(call('{"ok":false,"outcome":"unknown"}', 0), validateOutput, false))).toEqual(['TRN-OK']);
    expect(clausesOf(judgeToolResponse(call('{"ok":true,"n":1}', 3), validateOutput, false))).toEqual(['TRN-OK', 'TRN-FAILURE-OUTCOME']);
    expect(clausesOf(judgeToolResponse(call('{"ok":true,"n":"1"}', 0), validateOutput, false))).toEqual(['TRN-OUTPUT-SCHEMA']);
    expect(clausesOf(judgeToolResponse(call('{"ok":false}', 1), validateOutput, true))).toEqual(['TRN-FAILURE-OUTCOME', 'TRN-INPUT-REFUSED']);
    expect(clausesOf(judgeToolResponse(call('{"ok":true,"n":2}', 0), validateOutput, true))).toEqual(['TRN-INPUT-REFUSED']);
  });

  it('leaves a call that gave no answer undecided', () => {
    const timedOut = callRecordOf({ stdout: '', exitCode: null, uncertainty: 'timeout', timedOut: true });
    expect(judgeToolResponse(timedOut, validateOutput, false).verdict).toBe('undecided');
  });
});
