import * as fc from 'fast-check';
import {
  arrayBoundDefects,
  bytesBoundDefects,
  depthBoundDefects,
  finiteBoundDefects,
  keyBoundDefects,
  objectBoundDefects,
  requestBoundDefects,
  valuesBoundDefects,
} from '../../../generators/boundDefects.js';
import { boundaryCases } from '../../../generators/boundaryCases.js';
import { payload } from '../../../generators/payload.js';
import { validAdapterConfig } from '../../__test-helpers__/validRunInputs.js';
import { bindingFor } from '../../protocol/requests.js';
import { serializeJson, type JsonValue } from '../../protocol/canonicalJson.js';
import { acceptedOutcome, sampleRef, terminalOutcome, unknownOutcome } from '../../protocol/__test-helpers__/sampleOutcomes.js';
import type { Binding, Outcome } from '../../protocol/types.js';
import { hostCanonical, hostDigestText } from './hostModel.js';

/** Keys on both sides of the array-index rule. */
export const integerLikeKey = fc.oneof(
  fc.nat({ max: 2_000 }).map(String),
  fc.constantFrom('0', '00', '01', '-0', '-1', '+1', '1e3', '1.0', ' 1', '4294967294', '4294967295', '4294967296', '9007199254740993'),
);

/** Strings with lone surrogates, astral and non-ASCII characters, and keys that sort differently by code point. */
const awkwardText = fc.oneof(fc.string({ unit: 'binary', maxLength: 6 }), fc.constantFrom('\ud800', 'a\udfffb', '\ud83d\ude00', '\uffff', 'é', '', '\u2028', '"\\'));

/** JSON values whose canonical form is easy to get wrong: integer-like and awkward keys, lone surrogates. */
export const canonicalCorpus: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.jsonValue({ maxDepth: 3, stringUnit: 'binary' }) as fc.Arbitrary<JsonValue>,
  fc.dictionary(fc.oneof(integerLikeKey, awkwardText), fc.oneof(fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<JsonValue>, awkwardText), { maxKeys: 10 }),
  fc.array(fc.dictionary(integerLikeKey, awkwardText, { maxKeys: 5 }), { maxLength: 3 }),
);

/** One request case: the exact stdin text and the argv action. */
export interface RequestCase {
  readonly text: string;
  readonly argvAction: 'submit' | 'observe';
}

const IDENTITIES = ['op-1', 'A'.repeat(160), 'A'.repeat(161), 'x\n', 'xé', '', ' x', 'a:b.c_d-e'];
const DIGEST_MODES = ['host', 'rfc8785', 'uppercase', 'another'] as const;
const SHAPES = ['plain', 'retry-field', 'no-payload', 'binding-extra', 'argv-mismatch', 'other-contract'] as const;

/** The first value half the time, any of them otherwise: valid requests stay common among the broken ones. */
function mostly<T>(values: readonly [T, ...T[]]): fc.Arbitrary<T> {
  return fc.oneof(fc.constant(values[0]), fc.constantFrom(...values));
}

function digestOf(value: JsonValue, mode: (typeof DIGEST_MODES)[number]): string {
  switch (mode) {
    case 'host':
      return hostDigestText(hostCanonical(value));
    case 'rfc8785':
      return hostDigestText(serializeJson(value, (keys) => keys.sort()));
    case 'uppercase':
      return hostDigestText(hostCanonical(value)).toUpperCase().replace('SHA256:', 'sha256:');
    case 'another':
      return hostDigestText(`${hostCanonical(value)} `);
  }
}

/** Generated requests around every REQ rule: integer-like keys (digest the host's way or RFC 8785's), lone surrogates, identities ±1, shapes. */
export const requestCorpus: fc.Arbitrary<RequestCase> = fc
  .record({
    action: fc.constantFrom('submit', 'observe') as fc.Arbitrary<'submit' | 'observe'>,
    payload: fc.oneof(payload({ kind: 'any-json' }), canonicalCorpus),
    operationId: mostly(IDENTITIES as [string, ...string[]]),
    digest: mostly(DIGEST_MODES),
    shape: mostly(SHAPES),
  })
  .map(({ action, payload: value, operationId, digest, shape }) => {
    const binding: Record<string, unknown> = { operationId, authorityId: 'ledger-a1', requestDigest: digestOf(value, digest) };
    if (shape === 'binding-extra') binding.note = 1;
    const request: Record<string, unknown> = { contract: shape === 'other-contract' ? 'algal.coding-operation.v1' : 'algal.coding-operation-request.v1', action, binding };
    if (action === 'submit' ? shape !== 'no-payload' : shape === 'no-payload') request.payload = value;
    if (shape === 'retry-field') request.retry = true;
    const argvAction = shape === 'argv-mismatch' ? (action === 'submit' ? 'observe' : 'submit') : action;
    return { text: JSON.stringify(request), argvAction };
  });

const DEFECT_PAYLOAD: JsonValue = { task: 'bounds' };
const defectBase = { binding: bindingFor({ operationId: 'op-bound', authorityId: 'ledger-a1', payload: DEFECT_PAYLOAD }), payload: DEFECT_PAYLOAD, authorityId: 'ledger-a1' };

/** The suite's own cases on every bound and one past it (±1), as the generators build them. */
export const boundCorpus: fc.Arbitrary<RequestCase> = fc.oneof(
  fc.oneof(...boundaryCases()).map((found) => {
    const operationId = 'B'.repeat(found.operationIdLength ?? 8);
    const { binding, payload: value } = found.build({ operationId, authorityId: 'ledger-a1' });
    return { text: JSON.stringify({ contract: 'algal.coding-operation-request.v1', action: 'submit', binding, payload: value }), argvAction: 'submit' as const };
  }),
  fc
    .oneof(
      ...depthBoundDefects(),
      ...arrayBoundDefects(),
      ...objectBoundDefects(),
      ...keyBoundDefects(),
      ...valuesBoundDefects(),
      ...bytesBoundDefects(),
      ...requestBoundDefects(),
      ...finiteBoundDefects(),
    )
    .map((defect) => {
      const base =
        defect.operationIdLength === null
          ? defectBase
          : { ...defectBase, binding: bindingFor({ operationId: 'o'.repeat(defect.operationIdLength), authorityId: 'ledger-a1', payload: DEFECT_PAYLOAD }) };
      return { text: defect.build(base).text, argvAction: defect.argvAction };
    }),
);

/** One outcome case: the stdout bytes, the request's binding, the output bound. */
export interface OutcomeCase {
  readonly stdout: Uint8Array;
  readonly binding: Binding;
  readonly maxOutputBytes: number;
}

const BINDING = bindingFor({ operationId: 'op-out', authorityId: 'ledger-a1', payload: { task: 'x' } });

const outcomeObject: fc.Arbitrary<Outcome> = fc.oneof(
  fc.record({ revision: fc.constantFrom(0, 1, 2_147_483_647, 2_147_483_648, -1) }).map(({ revision }) => unknownOutcome(BINDING, revision)),
  fc.constantFrom(0, 1, 7).map((revision) => acceptedOutcome(BINDING, revision, sampleRef(1))),
  fc.record({ text: fc.oneof(awkwardText, fc.string({ maxLength: 1_500 })), lie: fc.constantFrom('none', 'code-units', 'digest') }).map(({ text, lie }) => {
    const outcome = terminalOutcome(BINDING, 2, sampleRef(1), 'completed', text);
    if (lie === 'none') return outcome;
    const result = lie === 'code-units' ? { ...outcome.result, length: text.length } : { ...outcome.result, digest: hostDigestText(`${text}!`) as `sha256:${string}` };
    return { ...outcome, result };
  }),
);

/** Ways to write an outcome on stdout: BOM, whitespace (JSON's own and others), revision spellings. */
const SPELLINGS = ['plain', 'bom', 'json-whitespace', 'nbsp', 'line-separator', 'revision-1.0', 'revision-1e0', 'revision-minus-zero', 'revision-fraction', 'two-objects'] as const;

function spell(outcome: Outcome, spelling: (typeof SPELLINGS)[number]): string {
  const text = JSON.stringify(outcome);
  const revision = `"revision":${outcome.revision}`;
  switch (spelling) {
    case 'plain':
      return text;
    case 'bom':
      return `\ufeff${text}\n`;
    case 'json-whitespace':
      return ` \t\r\n${text}\r\n\t `;
    case 'nbsp':
      return `\u00a0${text}`;
    case 'line-separator':
      return `${text}\u2028`;
    case 'revision-1.0':
      return text.replace(revision, `${revision}.0`);
    case 'revision-1e0':
      return text.replace(revision, `${revision}e0`);
    case 'revision-minus-zero':
      return outcome.revision === 0 ? text.replace(revision, '"revision":-0') : text.replace(revision, `"revision":-${outcome.revision}`);
    case 'revision-fraction':
      return text.replace(revision, `${revision}.5`);
    case 'two-objects':
      return `${text}${text}`;
  }
}

/** Generated stdout texts of every state, spelled every way, with output bounds around their size (±1). */
export const outcomeCorpus: fc.Arbitrary<OutcomeCase> = fc
  .record({ outcome: outcomeObject, spelling: fc.constantFrom(...SPELLINGS), slack: fc.constantFrom(-1, 0, 1, 100_000) })
  .map(({ outcome, spelling, slack }) => {
    const stdout = Buffer.from(spell(outcome, spelling), 'utf8');
    // The bound sits on the canonical size, one either side, or far above it (never below the host minimum).
    const canonicalBytes = Buffer.byteLength(hostCanonical(outcome), 'utf8');
    return { stdout, binding: BINDING, maxOutputBytes: Math.min(1_048_576, Math.max(1_024, canonicalBytes + slack)) };
  });

/** Small histories of one binding: revisions, states, refs and texts drawn from a few values so they collide. */
export const historyCorpus: fc.Arbitrary<Outcome[]> = fc.array(
  fc.oneof(
    fc
      .record({ revision: fc.nat(3), reason: fc.constantFrom('missing', 'unavailable') as fc.Arbitrary<'missing' | 'unavailable'> })
      .map(({ revision, reason }) => unknownOutcome(BINDING, revision, reason)),
    fc.record({ revision: fc.integer({ min: 1, max: 3 }), ref: fc.constantFrom(1, 2) }).map(({ revision, ref }) => acceptedOutcome(BINDING, revision, sampleRef(ref))),
    fc
      .record({ revision: fc.integer({ min: 1, max: 3 }), ref: fc.constantFrom(1, 2), text: fc.constantFrom('a', 'b') })
      .map(({ revision, ref, text }) => terminalOutcome(BINDING, revision, sampleRef(ref), 'completed', text)),
  ),
  { minLength: 1, maxLength: 5 },
);

/** Fixed members of the history families: a ref changed behind an unknown, a stale unknown, a terminal then another text. */
export const historyExamples: readonly Outcome[][] = [
  [acceptedOutcome(BINDING, 1, sampleRef(1)), unknownOutcome(BINDING, 2, 'unavailable'), acceptedOutcome(BINDING, 3, sampleRef(2))],
  [acceptedOutcome(BINDING, 1, sampleRef(1)), unknownOutcome(BINDING, 0)],
  [terminalOutcome(BINDING, 2, sampleRef(1), 'completed', 'a'), unknownOutcome(BINDING, 3), terminalOutcome(BINDING, 2, sampleRef(1), 'completed', 'a')],
  [terminalOutcome(BINDING, 2, sampleRef(1), 'completed', 'a'), terminalOutcome(BINDING, 3, sampleRef(1), 'completed', 'b')],
  [terminalOutcome(BINDING, 1, sampleRef(1), 'completed', 'a')],
];

/** Configurations around every CFG bound (±1 bytes and code units, 31/32 items, 16,384 total) and shape. */
export const configCorpus: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    validAdapterConfig(),
    validAdapterConfig({ executable: `/${'é'.repeat(2_047)}x` }), // 4,096 bytes
    validAdapterConfig({ executable: `/${'é'.repeat(2_048)}` }), // 4,097 bytes
    validAdapterConfig({ executable: `/${'x'.repeat(4_095)}` }),
    validAdapterConfig({ executable: `/${'x'.repeat(4_096)}` }),
    validAdapterConfig({ executable: '/bin/a\nb' }),
    validAdapterConfig({ executable: 'bin/adapter' }),
    validAdapterConfig({ executable: '' }),
    validAdapterConfig({ argvPrefix: Array.from({ length: 31 }, () => '') }),
    validAdapterConfig({ argvPrefix: Array.from({ length: 32 }, () => '') }),
    validAdapterConfig({ argvPrefix: ['\ud800'.repeat(1_365)] }), // 4,095 bytes
    validAdapterConfig({ argvPrefix: ['\ud800'.repeat(1_366)] }), // 4,098 bytes
    validAdapterConfig({ executable: `/${'x'.repeat(4_095)}`, argvPrefix: ['x'.repeat(4_096), 'x'.repeat(4_096), 'x'.repeat(4_096)] }), // 16,384
    validAdapterConfig({ executable: `/${'x'.repeat(4_095)}`, argvPrefix: ['x'.repeat(4_096), 'x'.repeat(4_096), 'x'.repeat(4_096), 'x'] }),
    validAdapterConfig({ argvPrefix: ['a\0b'] }),
    validAdapterConfig({ authorityId: 'x\n' }),
    validAdapterConfig({ authorityId: 'A'.repeat(161) }),
    validAdapterConfig({ protocol: 'algal.coding-operation.v2' }),
    validAdapterConfig({ retry: true }),
    (({ argvPrefix: _omitted, ...rest }) => rest)(validAdapterConfig()),
    null,
    [],
  ),
  fc.record({
    protocol: fc.constantFrom('algal.coding-operation.v1', 'x'),
    authorityId: fc.constantFrom(...IDENTITIES),
    executable: fc.oneof(
      fc.string({ unit: 'binary', maxLength: 8 }).map((path) => `/${path}`),
      fc.string({ maxLength: 4 }),
    ),
    argvPrefix: fc.array(fc.string({ unit: 'binary', maxLength: 4 }), { maxLength: 33 }),
  }),
);
