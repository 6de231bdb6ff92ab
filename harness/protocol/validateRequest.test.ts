import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ClauseId } from '../clauses.js';
import type { Violation } from '../violation.js';
import { sampleBinding } from './__test-helpers__/sampleOutcomes.js';
import { bindingFor, observeRequest, requestText, submitRequest } from './requests.js';
import type { JsonValue } from './canonicalJson.js';
import { digestText } from './digest.js';
import { RequestTextParseError, validateRequest, validateRequestText } from './validateRequest.js';
import type { Action } from './types.js';

const AUTHORITY = 'ledger-a1';
type Mutable = Record<string, unknown> & { binding: Record<string, unknown> };

function clauseSet(violations: readonly Violation[]): ClauseId[] {
  return [...new Set(violations.map((found) => found.clauseId))].sort();
}

function submitOf(payload: JsonValue, operationId = 'op-1'): Mutable {
  const request = submitRequest(bindingFor({ operationId, authorityId: AUTHORITY, payload }), payload);
  return { ...request, binding: { ...request.binding } };
}

function observeOf(): Mutable {
  const request = observeRequest(sampleBinding());
  return { ...request, binding: { ...request.binding } };
}

function nestedArrays(levels: number, inner: JsonValue): JsonValue {
  let value = inner;
  for (let index = 0; index < levels; index += 1) value = [value];
  return value;
}

function objectOf(entries: number): JsonValue {
  return Object.fromEntries(Array.from({ length: entries }, (_, index) => [`k${index}`, index]));
}

/** 1 root + `arrays` arrays + `entries` numbers, each array at most 256 long. */
function valuesPayload(arrays: number, entries: number): JsonValue {
  return Array.from({ length: arrays }, (_, index) => {
    const size = Math.min(256, Math.max(0, entries - index * 256));
    return Array.from({ length: size }, () => 0);
  });
}

function without<T extends Record<string, unknown>>(record: T, key: string): T {
  const { [key]: _removed, ...rest } = record;
  return rest as T;
}

interface Case {
  readonly name: string;
  readonly argv: Action;
  readonly request: () => unknown;
  readonly expected: readonly ClauseId[];
}

const cases: readonly Case[] = [
  { name: 'a valid submit', argv: 'submit', request: () => submitOf({ task: 'x' }), expected: [] },
  { name: 'a valid observe', argv: 'observe', request: observeOf, expected: [] },
  { name: 'a submit sent with argv observe', argv: 'observe', request: () => submitOf({ task: 'x' }), expected: ['REQ-ACTION-ARGV'] },
  { name: 'an observe sent with argv submit', argv: 'submit', request: observeOf, expected: ['REQ-ACTION-ARGV'] },
  { name: 'another contract', argv: 'submit', request: () => ({ ...submitOf(1), contract: 'algal.coding-operation.v1' }), expected: ['REQ-CONTRACT'] },
  { name: 'action cancel', argv: 'submit', request: () => ({ ...submitOf(1), action: 'cancel' }), expected: ['REQ-ACTION-VALUE'] },
  { name: 'action Submit', argv: 'submit', request: () => ({ ...submitOf(1), action: 'Submit' }), expected: ['REQ-ACTION-VALUE'] },
  { name: 'action cancel on an observe', argv: 'observe', request: () => ({ ...observeOf(), action: 'cancel' }), expected: ['REQ-ACTION-VALUE'] },
  { name: 'unknown field retry', argv: 'submit', request: () => ({ ...submitOf(1), retry: true }), expected: ['REQ-CLOSED'] },
  { name: 'unknown field resume on observe', argv: 'observe', request: () => ({ ...observeOf(), resume: {} }), expected: ['REQ-CLOSED'] },
  { name: 'missing contract', argv: 'submit', request: () => without(submitOf(1), 'contract'), expected: ['REQ-REQUIRED'] },
  { name: 'missing action', argv: 'observe', request: () => without(observeOf(), 'action'), expected: ['REQ-REQUIRED'] },
  { name: 'missing binding', argv: 'submit', request: () => without(submitOf(1), 'binding'), expected: ['REQ-REQUIRED'] },
  { name: 'an array', argv: 'submit', request: () => [submitOf(1)], expected: ['REQ-REQUIRED'] },
  { name: 'null', argv: 'observe', request: () => null, expected: ['REQ-REQUIRED'] },
  { name: 'binding without operationId', argv: 'observe', request: () => ({ ...observeOf(), binding: without(observeOf().binding, 'operationId') }), expected: ['REQ-BINDING-CLOSED'] },
  { name: 'binding without requestDigest', argv: 'submit', request: () => ({ ...submitOf(1), binding: without(submitOf(1).binding, 'requestDigest') }), expected: ['REQ-BINDING-CLOSED'] },
  { name: 'binding with an extra field', argv: 'observe', request: () => ({ ...observeOf(), binding: { ...observeOf().binding, attempt: 2 } }), expected: ['REQ-BINDING-CLOSED'] },
  { name: 'binding null', argv: 'submit', request: () => ({ ...submitOf(1), binding: null }), expected: ['REQ-BINDING-CLOSED'] },
  { name: 'empty operationId', argv: 'observe', request: () => ({ ...observeOf(), binding: { ...observeOf().binding, operationId: '' } }), expected: ['REQ-IDENTITY'] },
  { name: '161-character operationId', argv: 'submit', request: () => submitOf(1, `a${'b'.repeat(160)}`), expected: ['REQ-IDENTITY'] },
  { name: 'operationId starting with -', argv: 'submit', request: () => submitOf(1, '-op'), expected: ['REQ-IDENTITY'] },
  { name: 'numeric authorityId', argv: 'observe', request: () => ({ ...observeOf(), binding: { ...observeOf().binding, authorityId: 7 } }), expected: ['REQ-IDENTITY'] },
  {
    name: 'uppercase requestDigest',
    argv: 'observe',
    request: () => ({ ...observeOf(), binding: { ...observeOf().binding, requestDigest: `sha256:${'A'.repeat(64)}` } }),
    expected: ['REQ-DIGEST-FORMAT'],
  },
  {
    name: 'uppercase form of the right digest on submit',
    argv: 'submit',
    request: () => {
      const request = submitOf(1);
      return { ...request, binding: { ...request.binding, requestDigest: String(request.binding.requestDigest).toUpperCase().replace('SHA256', 'sha256') } };
    },
    expected: ['REQ-DIGEST-FORMAT'],
  },
  { name: 'submit without payload', argv: 'submit', request: () => without(submitOf(1), 'payload'), expected: ['REQ-SUBMIT-PAYLOAD'] },
  { name: 'observe with payload', argv: 'observe', request: () => ({ ...observeOf(), payload: { task: 'x' } }), expected: ['REQ-OBSERVE-NO-PAYLOAD'] },
  { name: 'observe with a null payload', argv: 'observe', request: () => ({ ...observeOf(), payload: null }), expected: ['REQ-OBSERVE-NO-PAYLOAD'] },
  { name: 'payload that is not the digested one', argv: 'submit', request: () => ({ ...submitOf({ task: 'x' }), payload: { task: 'y' } }), expected: ['REQ-PAYLOAD-DIGEST'] },
  {
    name: 'requestDigest of the envelope-free text, not canonical',
    argv: 'submit',
    request: () => ({ ...submitOf({ b: 1, a: 2 }), binding: { ...submitOf(1).binding, requestDigest: digestText('{"b":1,"a":2}') } }),
    expected: ['REQ-PAYLOAD-DIGEST'],
  },
  { name: 'depth 16 (scalar in 16 arrays)', argv: 'submit', request: () => submitOf(nestedArrays(16, 0)), expected: [] },
  { name: 'depth 17 (scalar in 17 arrays)', argv: 'submit', request: () => submitOf(nestedArrays(17, 0)), expected: ['REQ-BOUND-DEPTH'] },
  { name: 'depth 17 (empty array in 17 arrays)', argv: 'submit', request: () => submitOf(nestedArrays(17, [])), expected: ['REQ-BOUND-DEPTH'] },
  { name: 'exactly 16,384 values', argv: 'submit', request: () => submitOf(valuesPayload(64, 16_319)), expected: [] },
  { name: '16,385 values', argv: 'submit', request: () => submitOf(valuesPayload(64, 16_320)), expected: ['REQ-BOUND-VALUES'] },
  { name: 'an array of 256', argv: 'submit', request: () => submitOf(Array.from({ length: 256 }, () => 1)), expected: [] },
  { name: 'an array of 257', argv: 'submit', request: () => submitOf(Array.from({ length: 257 }, () => 1)), expected: ['REQ-BOUND-ARRAY'] },
  { name: 'an object of 64', argv: 'submit', request: () => submitOf(objectOf(64)), expected: [] },
  { name: 'an object of 65', argv: 'submit', request: () => submitOf(objectOf(65)), expected: ['REQ-BOUND-OBJECT'] },
  { name: 'a 256-byte key', argv: 'submit', request: () => submitOf({ ['k'.repeat(256)]: 1 }), expected: [] },
  { name: 'a 257-byte key', argv: 'submit', request: () => submitOf({ ['k'.repeat(257)]: 1 }), expected: ['REQ-BOUND-KEY'] },
  { name: 'a key of 86 three-byte characters (258 bytes)', argv: 'submit', request: () => submitOf({ ['€'.repeat(86)]: 1 }), expected: ['REQ-BOUND-KEY'] },
  { name: 'a 160-character identity', argv: 'submit', request: () => submitOf(1, `a${'b'.repeat(159)}`), expected: [] },
  { name: 'aggregate bytes over 1 MiB', argv: 'submit', request: () => submitOf('a'.repeat(1_048_577)), expected: ['REQ-BOUND-BYTES', 'REQ-BOUND-REQUEST'] },
  { name: 'canonical payload over 1 MiB, aggregate under', argv: 'submit', request: () => submitOf('\u0001'.repeat(200_000)), expected: ['REQ-BOUND-BYTES', 'REQ-BOUND-REQUEST'] },
  { name: 'lone surrogates: canonical payload over 1 MiB', argv: 'submit', request: () => submitOf('\ud800'.repeat(180_000)), expected: ['REQ-BOUND-BYTES', 'REQ-BOUND-REQUEST'] },
  { name: 'a canonical payload of exactly 1 MiB pushed over by the envelope', argv: 'submit', request: () => submitOf('a'.repeat(1_048_574)), expected: ['REQ-BOUND-REQUEST'] },
  { name: 'an Infinity in the payload', argv: 'submit', request: () => ({ ...submitOf([1]), payload: [Infinity] }), expected: ['REQ-BOUND-FINITE'] },
];

describe('validateRequest', () => {
  it.each(cases)('$name → $expected', ({ argv, request, expected }) => {
    expect(clauseSet(validateRequest(request(), { argvAction: argv }))).toEqual([...expected].sort());
  });

  it('checks REQ-AUTHORITY only when the configured authority is given', () => {
    const request = submitRequest(bindingFor({ operationId: 'op', authorityId: 'ledger-b2', payload: 1 }), 1);
    expect(clauseSet(validateRequest(request, { argvAction: 'submit', authorityId: AUTHORITY }))).toEqual(['REQ-AUTHORITY']);
    expect(validateRequest(request, { argvAction: 'submit' })).toEqual([]);
    expect(validateRequest(request, { argvAction: 'submit', authorityId: 'ledger-b2' })).toEqual([]);
    const observe = observeRequest(request.binding);
    expect(clauseSet(validateRequest(observe, { argvAction: 'observe', authorityId: AUTHORITY }))).toEqual(['REQ-AUTHORITY']);
  });

  it('reports several defects at once, each with a JSON pointer', () => {
    const request = { ...submitOf(1), contract: 'x', retry: 1, 'a/b': 2, binding: { operationId: '', authorityId: AUTHORITY, requestDigest: 'sha256:x' } };
    const found = validateRequest(request, { argvAction: 'observe' });
    expect(clauseSet(found)).toEqual(['REQ-ACTION-ARGV', 'REQ-CLOSED', 'REQ-CONTRACT', 'REQ-DIGEST-FORMAT', 'REQ-IDENTITY']);
    expect(found.map((entry) => entry.instancePath).sort()).toEqual(['/action', '/a~1b', '/binding/operationId', '/binding/requestDigest', '/contract', '/retry']);
  });

  it('gives bound violations the measured value and the limit', () => {
    const [found] = validateRequest(submitOf(Array.from({ length: 300 }, () => 1)), { argvAction: 'submit' });
    expect(found).toStrictEqual({
      clauseId: 'REQ-BOUND-ARRAY',
      message: 'payload array entries 300 over 256',
      instancePath: '/payload',
      details: { measured: 300, limit: 256 },
    });
  });

  it('survives a 100,000-deep payload', () => {
    const depth = 100_000;
    const payload = JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as JsonValue;
    const request = { ...submitOf(1), payload };
    expect(clauseSet(validateRequest(request, { argvAction: 'submit' }))).toEqual(['REQ-BOUND-DEPTH', 'REQ-BOUND-VALUES', 'REQ-PAYLOAD-DIGEST']);
  });

  it('accepts every well-formed request of small arbitrary JSON payloads', () => {
    const identity = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,20}$/);
    fc.assert(
      fc.property(
        identity,
        fc.jsonValue({ maxDepth: 4 }).map((value) => value as JsonValue),
        (operationId, payload) => {
          const binding = bindingFor({ operationId, authorityId: AUTHORITY, payload });
          expect(validateRequest(submitRequest(binding, payload), { argvAction: 'submit', authorityId: AUTHORITY })).toEqual([]);
          expect(validateRequest(observeRequest(binding), { argvAction: 'observe', authorityId: AUTHORITY })).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('validateRequestText', () => {
  it('agrees with validateRequest on the canonical text of every case', () => {
    for (const { argv, request, name } of cases) {
      const value = request();
      if (name === 'an Infinity in the payload') continue;
      expect(clauseSet(validateRequestText(requestText(value), { argvAction: argv })), name).toEqual(clauseSet(validateRequest(value, { argvAction: argv })));
    }
  });

  it('judges 1e400 as REQ-BOUND-FINITE only (no digest exists to compare)', () => {
    const text = requestText(submitOf({ n: 0 })).replace('"payload":{"n":0}', '"payload":{"n":1e400}');
    expect(text).toContain('1e400');
    expect(clauseSet(validateRequestText(text, { argvAction: 'submit' }))).toEqual(['REQ-BOUND-FINITE']);
    expect(clauseSet(validateRequestText(text.replace('1e400', '-1e400'), { argvAction: 'submit' }))).toEqual(['REQ-BOUND-FINITE']);
  });

  it('judges REQ-BOUND-REQUEST on the text bytes', () => {
    const text = requestText(observeOf());
    const padded = text + ' '.repeat(1_048_577 - Buffer.byteLength(text));
    expect(clauseSet(validateRequestText(padded, { argvAction: 'observe' }))).toEqual(['REQ-BOUND-REQUEST']);
    expect(validateRequestText(padded.slice(0, -1), { argvAction: 'observe' })).toEqual([]);
  });

  it('throws a typed error on text that is not JSON', () => {
    expect(() => validateRequestText('{"contract":', { argvAction: 'submit' })).toThrow(RequestTextParseError);
    try {
      validateRequestText('nope', { argvAction: 'submit' });
    } catch (error) {
      expect((error as RequestTextParseError).name).toBe('RequestTextParseError');
      expect((error as RequestTextParseError).textExcerpt).toBe('nope');
    }
  });
});
