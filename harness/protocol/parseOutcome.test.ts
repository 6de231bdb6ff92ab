import * as fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { ClauseId } from '../clauses.js';
import type { Violation } from '../violation.js';
import { outcomeArbitrary, acceptedOutcome, sampleBinding, sampleRef, terminalOutcome, unknownOutcome } from './__test-helpers__/sampleOutcomes.js';
import { canonicalJson } from './canonicalJson.js';
import { digestText } from './digest.js';
import { measurePayload } from './measurePayload.js';
import { parseOutcome } from './parseOutcome.js';
import { limits } from './types.js';

const binding = sampleBinding();
const expected = { binding, maxOutputBytes: 1_048_576 };

function clauseSet(violations: readonly Violation[]): ClauseId[] {
  return [...new Set(violations.map((found) => found.clauseId))].sort();
}

function judge(value: unknown, maxOutputBytes = expected.maxOutputBytes): ClauseId[] {
  const parsed = parseOutcome(JSON.stringify(value), { binding, maxOutputBytes });
  expect(parsed.outcome === null).toBe(parsed.violations.length > 0);
  return clauseSet(parsed.violations);
}

const terminal = terminalOutcome(binding);
const withResult = (result: unknown) => ({ ...terminal, result });

describe('parseOutcome', () => {
  it.each([
    ['unknown', unknownOutcome(binding)],
    ['accepted', acceptedOutcome(binding)],
    ['terminal', terminal],
    ['terminal with an empty text', terminalOutcome(binding, 3, sampleRef(1), 'failed', '')],
    ['revision at the maximum', acceptedOutcome(binding, 2_147_483_647)],
  ])('accepts a valid %s outcome as is', (_name, outcome) => {
    const parsed = parseOutcome(canonicalJson(outcome), expected);
    expect(parsed).toStrictEqual({ outcome, canonicalText: canonicalJson(outcome), violations: [] });
  });

  it('allows surrounding whitespace and non-canonical layout', () => {
    const parsed = parseOutcome(`\n\t ${JSON.stringify(terminal, null, 2)}\r\n`, expected);
    expect(parsed.violations).toEqual([]);
    expect(parsed.outcome).toStrictEqual(terminal);
  });

  it.each([
    ['empty stdout', ''],
    ['garbage', 'ok'],
    ['two objects', `${JSON.stringify(terminal)}\n${JSON.stringify(terminal)}`],
    ['a log line before the object', `starting\n${JSON.stringify(terminal)}`],
    ['an array', `[${JSON.stringify(terminal)}]`],
    ['null', 'null'],
    ['a string', '"accepted"'],
    ['a byte-order mark', `\ufeff${JSON.stringify(terminal)}`],
    ['100,000 nested arrays', '['.repeat(100_000) + ']'.repeat(100_000)],
  ])('reports OUT-JSON only for %s', (_name, stdout) => {
    const parsed = parseOutcome(stdout, expected);
    expect(parsed.outcome).toBeNull();
    expect(clauseSet(parsed.violations)).toEqual(['OUT-JSON']);
  });

  it('says which JSON value stdout is when it is one but no object, as JSON.parse would read it, without parsing it', () => {
    const notAnObject = fc.jsonValue().filter((value) => value === null || typeof value !== 'object' || Array.isArray(value));
    fc.assert(
      fc.property(notAnObject, fc.constantFrom('', ' ', '\n\t', '\r\n '), (value, space) => {
        const parsed = parseOutcome(`${space}${JSON.stringify(value)}${space}`, expected);
        expect(parsed.violations).toEqual([
          { clauseId: 'OUT-JSON', message: 'stdout is JSON but not an object', instancePath: '', details: { type: value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value } },
        ]);
      }),
    );
    const parse = vi.spyOn(JSON, 'parse');
    const deep = parseOutcome('['.repeat(500_000) + ']'.repeat(500_000), expected).violations;
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
    expect(deep).toEqual([{ clauseId: 'OUT-JSON', message: 'stdout is JSON but not an object', instancePath: '', details: { type: 'array' } }]);
    // Not one JSON value after all: JSON.parse's reason, as before.
    expect(parseOutcome(`${'['.repeat(10)}1,`, expected).violations[0]).toMatchObject({
      clauseId: 'OUT-JSON',
      message: 'stdout is not one JSON text',
      details: { error: expect.any(String) },
    });
  });

  it("keeps OUT-JSON strict for a leading byte order mark, and says that algal's host would tolerate it", () => {
    const [found] = parseOutcome(`\ufeff${JSON.stringify(terminal)}\n`, expected).violations;
    expect(found).toMatchObject({
      clauseId: 'OUT-JSON',
      message: expect.stringContaining("algal's host decodes stdout with a decoder that strips a leading BOM"),
      details: { hostTolerates: 'leading byte order mark' },
    });
    // A BOM before text that is not JSON anyway gets no such note.
    expect(parseOutcome('\ufeffok', expected).violations[0]?.message).toBe('stdout is not one JSON text');
  });

  it.each<[string, unknown, ClauseId[]]>([
    ['another contract', { ...terminal, contract: 'algal.coding-operation-request.v1' }, ['OUT-CONTRACT']],
    ['another operationId', { ...terminal, operationId: 'op-2' }, ['OUT-BINDING']],
    ['another authorityId', { ...acceptedOutcome(binding), authorityId: 'ledger-b2' }, ['OUT-BINDING']],
    ['an uppercase requestDigest', { ...unknownOutcome(binding), requestDigest: binding.requestDigest.toUpperCase() }, ['OUT-BINDING']],
    ['state done', { ...unknownOutcome(binding), state: 'done' }, ['OUT-STATE']],
    ['state done with an unknown field', { ...unknownOutcome(binding), state: 'done', retry: 1 }, ['OUT-CLOSED', 'OUT-STATE']],
    ['an unknown carrying acceptanceRef', { ...unknownOutcome(binding), acceptanceRef: sampleRef(1) }, ['OUT-CLOSED']],
    ['an accepted carrying outcome', { ...acceptedOutcome(binding), outcome: 'completed' }, ['OUT-CLOSED']],
    ['an unknown carrying result', { ...unknownOutcome(binding), result: terminal.result }, ['OUT-CLOSED']],
    ['an extra field', { ...terminal, retry: true }, ['OUT-CLOSED']],
    ['an own __proto__ field', JSON.parse(`{"__proto__":1,${JSON.stringify(terminal).slice(1)}`), ['OUT-CLOSED']],
    ['a missing reason', (({ reason: _r, ...rest }) => rest)(unknownOutcome(binding)), ['OUT-CLOSED']],
    ['a missing contract', (({ contract: _c, ...rest }) => rest)(terminal), ['OUT-CLOSED']],
    ['a missing revision', (({ revision: _v, ...rest }) => rest)(acceptedOutcome(binding)), ['OUT-CLOSED']],
    ['a missing state', (({ state: _s, ...rest }) => rest)(acceptedOutcome(binding)), ['OUT-CLOSED']],
    ['a missing result', (({ result: _s, ...rest }) => rest)(terminal), ['OUT-CLOSED']],
    ['revision -1 on unknown', unknownOutcome(binding, -1), ['OUT-REVISION']],
    ['revision 0 on accepted', acceptedOutcome(binding, 0), ['OUT-REVISION']],
    ['revision 0 on terminal', terminalOutcome(binding, 0), ['OUT-REVISION']],
    ['revision 1.5', acceptedOutcome(binding, 1.5), ['OUT-REVISION']],
    ['revision "1"', { ...acceptedOutcome(binding), revision: '1' }, ['OUT-REVISION']],
    ['revision 2^31', acceptedOutcome(binding, 2_147_483_648), ['OUT-REVISION']],
    ['reason gone', { ...unknownOutcome(binding), reason: 'gone' }, ['OUT-UNKNOWN-REASON']],
    ['an uppercase acceptanceRef', { ...acceptedOutcome(binding), acceptanceRef: sampleRef(1).toUpperCase() }, ['OUT-ACCEPTANCE-REF']],
    ['outcome succeeded', { ...terminal, outcome: 'succeeded' }, ['OUT-TERMINAL-OUTCOME']],
    ['settlement settled', { ...terminal, settlement: 'settled' }, ['OUT-TERMINAL-SETTLEMENT']],
    ['result null', withResult(null), ['OUT-RESULT-CLOSED']],
    ['result without length', withResult({ text: 'done', digest: digestText('done') }), ['OUT-RESULT-CLOSED']],
    ['result with an extra field', withResult({ ...terminal.result, mime: 'text/plain' }), ['OUT-RESULT-CLOSED']],
    ['a wrong result digest', withResult({ ...terminal.result, digest: digestText('other') }), ['OUT-RESULT-INTEGRITY']],
    ['length in code units', withResult({ text: '€', digest: digestText('€'), length: 1 }), ['OUT-RESULT-INTEGRITY']],
    ['a non-string text', withResult({ text: 7, digest: digestText('7'), length: 1 }), ['OUT-RESULT-INTEGRITY']],
    ['a negative length', withResult({ text: '', digest: digestText(''), length: -1 }), ['OUT-RESULT-INTEGRITY']],
    ['a fractional length', withResult({ ...terminal.result, length: 4.5 }), ['OUT-RESULT-INTEGRITY']],
  ])('reports %s', (_name, value, clauses) => {
    expect(judge(value)).toEqual(clauses);
  });

  it('names every missing field in one OUT-CLOSED record (the record a summary shows)', () => {
    const { violations } = parseOutcome(JSON.stringify({ state: 'unknown', operationId: binding.operationId, authorityId: binding.authorityId }), expected);
    expect(violations).toEqual([
      expect.objectContaining({
        clauseId: 'OUT-CLOSED',
        message: 'outcome has no contract, requestDigest, revision, reason',
        details: { missing: ['contract', 'requestDigest', 'revision', 'reason'] },
      }),
    ]);
  });

  it('reports revision 1e400 (Infinity) as OUT-REVISION', () => {
    const text = canonicalJson(acceptedOutcome(binding, 7)).replace('"revision":7', '"revision":1e400');
    expect(clauseSet(parseOutcome(text, expected).violations)).toEqual(['OUT-REVISION']);
  });

  it('judges the size of the canonical outcome against the output bound (OUT-SIZE)', () => {
    const outcome = terminalOutcome(binding, 2, sampleRef(1), 'completed', 'a'.repeat(600));
    const bytes = Buffer.byteLength(canonicalJson(outcome));
    expect(judge(outcome, bytes)).toEqual([]);
    expect(judge(outcome, bytes - 1)).toEqual(['OUT-SIZE']);
  });

  it('reports a result length over the output bound as OUT-RESULT-INTEGRITY too', () => {
    expect(judge(terminalOutcome(binding, 2, sampleRef(1), 'completed', 'a'.repeat(1_100)), 1_024)).toEqual(['OUT-RESULT-INTEGRITY', 'OUT-SIZE']);
  });

  it('excludes only result.text from OUT-PROOF-SIZE', () => {
    expect(judge(terminalOutcome(binding, 2, sampleRef(1), 'completed', 'a'.repeat(10_000)))).toEqual([]);
    expect(judge(withResult({ ...terminal.result, note: 'n'.repeat(5_000) }))).toEqual(['OUT-PROOF-SIZE', 'OUT-RESULT-CLOSED']);
    expect(judge({ ...unknownOutcome(binding), padding: 'p'.repeat(4_096) })).toEqual(['OUT-CLOSED', 'OUT-PROOF-SIZE']);
    expect(judge({ ...unknownOutcome(binding), padding: 'p'.repeat(3_000) })).toEqual(['OUT-CLOSED']);
  });

  it('counts OUT-SIZE on the whole outcome and OUT-PROOF-SIZE without result.text, byte for byte (oracle: measuring a copy)', () => {
    // Bound 1 and a long note make both clauses report their byte counts, valid result or not.
    const note = 'n'.repeat(limits.maxProofBytes);
    const text = fc.oneof(fc.string({ unit: 'binary' }), fc.jsonValue({ maxDepth: 2 }));
    const result = fc.record({ text, digest: fc.string(), length: fc.nat() }, { requiredKeys: [] });
    fc.assert(
      fc.property(outcomeArbitrary(binding), result, fc.boolean(), (outcome, drawn, noted) => {
        const value = { ...outcome, result: noted ? { ...drawn, note } : drawn, ...(noted ? {} : { note }) };
        const { text: _text, ...resultWithoutText } = value.result as Record<string, unknown>;
        const reported = (clauseId: ClauseId) => parseOutcome(JSON.stringify(value), { binding, maxOutputBytes: 1 }).violations.find((found) => found.clauseId === clauseId)?.details?.bytes;
        expect(reported('OUT-SIZE')).toBe(measurePayload(value).canonicalBytes);
        expect(reported('OUT-PROOF-SIZE')).toBe(measurePayload({ ...value, result: resultWithoutText }).canonicalBytes);
      }),
      // A text alone in its result: no comma goes with it.
      { numRuns: 200, examples: [[terminal, { text: 'x' }, false]] },
    );
  });

  it('reports every violation with its JSON pointer, not just the first', () => {
    const parsed = parseOutcome(
      JSON.stringify({ ...terminal, contract: 'x', operationId: 'op-9', revision: 0, settlement: 'no', 'a/b~c': 1, result: { ...terminal.result, length: 5 } }),
      expected,
    );
    expect(parsed.outcome).toBeNull();
    expect(parsed.violations.map((found) => [found.clauseId, found.instancePath])).toEqual(
      expect.arrayContaining([
        ['OUT-CONTRACT', '/contract'],
        ['OUT-BINDING', '/operationId'],
        ['OUT-REVISION', '/revision'],
        ['OUT-TERMINAL-SETTLEMENT', '/settlement'],
        ['OUT-CLOSED', '/a~1b~0c'],
        ['OUT-RESULT-INTEGRITY', '/result/length'],
      ]),
    );
    expect(parsed.violations).toHaveLength(6);
  });

  it('survives 100,000 levels of nesting inside an extra field', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const stdout = `${canonicalJson(unknownOutcome(binding)).slice(0, -1)},"deep":${deep}}`;
    expect(clauseSet(parseOutcome(stdout, { binding, maxOutputBytes: 1_048_576 }).violations)).toEqual(['OUT-CLOSED', 'OUT-PROOF-SIZE']);
  });

  it('accepts every valid outcome, canonical or pretty-printed', () => {
    fc.assert(
      fc.property(outcomeArbitrary(binding), fc.boolean(), (outcome, pretty) => {
        const stdout = pretty ? JSON.stringify(outcome, null, 2) : canonicalJson(outcome);
        // The canonical text is the outcome's whatever the layout it came in.
        expect(parseOutcome(stdout, expected)).toStrictEqual({ outcome, canonicalText: canonicalJson(outcome), violations: [] });
      }),
      { numRuns: 200 },
    );
  });

  it('reports exactly OUT-CLOSED when any one field is removed or an unknown one added', () => {
    fc.assert(
      fc.property(outcomeArbitrary(binding), fc.nat(), fc.string({ minLength: 1, maxLength: 12 }), (outcome, index, extra) => {
        const keys = Object.keys(outcome);
        const removed = keys[index % keys.length] as string;
        const { [removed]: _gone, ...rest } = outcome as unknown as Record<string, unknown>;
        expect(judge(rest)).toEqual(['OUT-CLOSED']);
        fc.pre(!['contract', 'operationId', 'authorityId', 'requestDigest', 'revision', 'state', 'reason', 'acceptanceRef', 'outcome', 'settlement', 'result'].includes(extra));
        expect(judge({ ...outcome, [extra]: 0 })).toEqual(['OUT-CLOSED']);
      }),
      { numRuns: 200 },
    );
  });
});
