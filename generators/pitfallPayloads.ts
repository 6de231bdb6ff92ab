import type { JsonValue } from '../harness/protocol/canonicalJson.js';
import { IDENTITY_MAX_LENGTH } from '../harness/protocol/identity.js';

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
 * the largest double); and an operationId of exactly 160 characters.
 * @public
 */
export const PITFALL_SUBMITS: readonly PitfallSubmit[] = Object.freeze([
  plain('booleans and null', { on: true, off: false, none: null, list: [true, null, false] }),
  plain('non-ASCII text in the BMP', { text: 'héllo wörld — ✓ 日本語', clé: '€', 'ß': ['ü', 'Ω'] }),
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
  { feature: `an operationId of ${IDENTITY_MAX_LENGTH} characters (the longest identity)`, payload: { long: 'id' }, operationIdLength: IDENTITY_MAX_LENGTH },
]);
