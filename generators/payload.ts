import * as fc from 'fast-check';
import type { JsonValue } from '../harness/protocol/canonicalJson.js';
import type { PayloadFamily } from '../harness/options/runOptions.js';
import { integerLikeKey } from './seeded.js';
import { IDENTITY_MAX_LENGTH } from '../harness/protocol/types.js';

/**
 * Valid payloads of the chosen family: every one sits inside all payload
 * bounds (depth, entries, keys, finite numbers, bytes), so an adapter that
 * admits any bounded JSON must admit it.
 *
 * @param family - `any-json` (default): arbitrary JSON with full-Unicode strings (lone surrogates included);
 *   `coding-job-v2`: job-shaped objects; `samples`: the user's own admitted payloads
 */
export function payload(family: PayloadFamily): fc.Arbitrary<JsonValue> {
  switch (family.kind) {
    case 'any-json':
      // Depth and size stay far inside the bounds; the bound suites cross them on purpose.
      // One in five is an object keyed by integer-like keys, where canonical key order is easy to get wrong.
      return fc.oneof({ weight: 4, arbitrary: fc.jsonValue({ maxDepth: 4, stringUnit: 'binary' }) as fc.Arbitrary<JsonValue> }, { weight: 1, arbitrary: integerKeyedObject() });
    case 'coding-job-v2':
      return codingJobV2Payload();
    case 'samples':
      return fc.constantFrom(...family.samples);
  }
}

/** An object whose keys are mostly integer-like (indices, near misses), some ordinary. */
function integerKeyedObject(): fc.Arbitrary<JsonValue> {
  const key = fc.oneof({ weight: 3, arbitrary: integerLikeKey() }, { weight: 1, arbitrary: fc.string({ maxLength: 4 }) });
  return fc.dictionary(key, fc.jsonValue({ maxDepth: 2, stringUnit: 'binary' }) as fc.Arbitrary<JsonValue>, { minKeys: 2, maxKeys: 8 });
}

/**
 * Payloads shaped like algal's `algal.coding-job-request.v2`: the routing,
 * source, prompt and limit fields a coding job carries. The shape is the
 * suite's approximation (the repository holds no copy of that schema);
 * adapters that check the real schema should use `--payload-file` with
 * samples they admit.
 */
export function codingJobV2Payload(): fc.Arbitrary<JsonValue> {
  const hex40 = fc.stringMatching(/^[0-9a-f]{40}$/);
  const path = fc.stringMatching(/^[a-z]{1,8}(\/[a-z0-9_-]{1,12}){0,3}\.(ts|py|md|rs)$/);
  return fc.record({
    contract: fc.constant('algal.coding-job-request.v2'),
    routing: fc.record({
      provider: fc.constantFrom('local', 'hosted', 'fake'),
      model: fc.stringMatching(/^[a-z][a-z0-9.-]{2,24}$/),
    }),
    source: fc.record({
      repository: fc.stringMatching(/^[a-z][a-z0-9-]{1,20}\/[a-z][a-z0-9-]{1,20}$/),
      revision: hex40,
      paths: fc.array(path, { maxLength: 5 }),
    }),
    prompt: fc.string({ unit: 'grapheme', maxLength: 400 }),
    limits: fc.record({
      maxTurns: fc.integer({ min: 1, max: 64 }),
      timeoutSeconds: fc.integer({ min: 1, max: 86_400 }),
      maxOutputBytes: fc.integer({ min: 1_024, max: 1_048_576 }),
    }),
  });
}

/** One valid submit every adapter admitting any bounded JSON must admit, named by the pitfall it carries. */
export interface PitfallSubmit {
  /** The pitfall in words, for messages ("booleans and null"). */
  readonly feature: string;
  readonly payload: JsonValue;
  /** Length of the submit's operationId, or null for an ordinary fresh one. */
  readonly operationIdLength: number | null;
}

const plain = (feature: string, payload: JsonValue): PitfallSubmit => ({ feature, payload, operationIdLength: null });

/**
 * The classic canonicalization pitfalls, each a valid submit tried on every
 * seed beside the random ones (an adapter that refuses one of them is
 * over-strict where algal's host is not):
 * booleans and null; non-ASCII text in the BMP and astral planes, in values
 * and keys; lone surrogates (which `JSON.stringify` escapes) in strings and
 * keys; keys whose order by UTF-16 code units differs from their order by code
 * points (`"\uffff"` sorts before `"😀"` by code point, after it by unit);
 * numbers whose ECMAScript shortest form differs from other languages'
 * (`1e-7`, not `1e-07`; `1e+21`; `0.1`; `-0` as `0`; the smallest subnormal and
 * the largest double); strings that look like numbers (`"1"`, `"0.1"`, `"1e3"`,
 * `"-0"`, `"01"`), as values and as keys, which a canonical form must keep strings;
 * and an operationId of exactly 160 characters.
 * @public
 */
export const PITFALL_SUBMITS: readonly PitfallSubmit[] = Object.freeze([
  plain('booleans and null', { on: true, off: false, none: null, list: [true, null, false] }),
  plain('non-ASCII text in the BMP', { text: 'héllo wörld — ✓ 日本語', clé: '€', ß: ['ü', 'Ω'] }),
  plain('astral-plane text (surrogate pairs)', { text: '😀 𝄞 𠜎', '😀': 'key' }),
  plain('lone surrogates in strings', { high: '\ud800', low: 'x\udfffy', reversed: '\udc00\ud800' }),
  plain('lone surrogates in keys', { '\udc00': 1, 'k\ud83d': 2 }),
  plain('keys ordered differently by UTF-16 code units than by code points', { '\uffff': 1, '😀': 2, a: 3 }),
  plain('numbers whose shortest form differs across languages (1e-7, 1e21, 0.1, -0, 5e-324, 1.7976931348623157e308)', {
    small: 1e-7,
    big: 1e21,
    tenth: 0.1,
    negativeZero: -0,
    tiny: 5e-324,
    largest: 1.7976931348623157e308,
  }),
  plain('strings that look like numbers ("1", "0.1", "1e3", "-0", "01") as values', {
    one: '1',
    tenth: '0.1',
    thousand: '1e3',
    negativeZero: '-0',
    leadingZero: '01',
    list: ['1', '0.1', '1e3', '-0', '01', '-1.5E-7'],
  }),
  plain('strings that look like numbers ("1", "0.1", "1e3", "-0", "01") as keys', { '1': 'one', '0.1': 'tenth', '1e3': 'thousand', '-0': 'negative zero', '01': 'leading zero' }),
  { feature: `an operationId of ${IDENTITY_MAX_LENGTH} characters (the longest identity)`, payload: { long: 'id' }, operationIdLength: IDENTITY_MAX_LENGTH },
]);

/**
 * Valid payloads every run submits first, whatever the seed: the classic
 * pitfalls an over-strict adapter refuses. Only for the `any-json` family (an
 * adapter with a payload schema may rightly refuse them).
 *
 * @param family - the run's payload family
 */
export function mustTryPayloads(family: PayloadFamily): readonly JsonValue[] {
  if (family.kind !== 'any-json') return [];
  return [
    // Integer-like keys: algal's canonical bytes are {"9":…,"10":…,"!":…,"a":…}, RFC 8785's {"!":…,"10":…,"9":…,"a":…}.
    { '10': 'a', '9': 'b', a: 1, '!': 2, nested: { '2': [{ '11': true, '3': null }], '01': 0 } },
  ];
}
