import { isArrayIndexKey, type JsonValue } from '../protocol/canonicalJson.js';

/** The pitfall features a payload can carry, in the order they are named. */
const FEATURES = [
  'booleans',
  'null',
  'non-ASCII text',
  'astral-plane text',
  'lone surrogates',
  'keys ordered differently by UTF-16 code units than by code points',
  'integer-like keys (algal canonicalizes them first, in numeric order, not as RFC 8785 does)',
  'numbers in exponent form, fractions or -0',
  'strings that look like numbers',
] as const;

/** One feature of {@link FEATURES}. */
export type PayloadFeature = (typeof FEATURES)[number];

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const SURROGATE_PAIR = /[\ud800-\udbff][\udc00-\udfff]/;
const NON_ASCII_BMP = /[\u0080-\ud7ff\ue000-\uffff]/;

/** A string a lenient reader could take for a number: JSON number text, or with leading zeros. */
const NUMERIC_LOOKING = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

function textFeatures(text: string, found: Set<PayloadFeature>): void {
  if (NON_ASCII_BMP.test(text)) found.add('non-ASCII text');
  if (SURROGATE_PAIR.test(text)) found.add('astral-plane text');
  if (LONE_SURROGATE.test(text)) found.add('lone surrogates');
}

function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Orders two strings by Unicode code point (Python's and Rust's string order), not
 * by UTF-16 code unit (ECMAScript's, and the protocol's canonical key order).
 * @public
 */
export function byCodePoint(a: string, b: string): number {
  const left = [...a].map((char) => char.codePointAt(0) ?? 0);
  const right = [...b].map((char) => char.codePointAt(0) ?? 0);
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}

function visit(value: JsonValue, found: Set<PayloadFeature>): void {
  if (value === null) found.add('null');
  else if (typeof value === 'boolean') found.add('booleans');
  else if (typeof value === 'number') {
    if (!Number.isInteger(value) || Object.is(value, -0) || String(value).includes('e')) found.add('numbers in exponent form, fractions or -0');
  } else if (typeof value === 'string') {
    textFeatures(value, found);
    if (NUMERIC_LOOKING.test(value)) found.add('strings that look like numbers');
  } else if (Array.isArray(value)) for (const item of value) visit(item, found);
  else {
    const keys = Object.keys(value);
    for (const key of keys) {
      textFeatures(key, found);
      if (isArrayIndexKey(key)) found.add('integer-like keys (algal canonicalizes them first, in numeric order, not as RFC 8785 does)');
      visit(value[key] as JsonValue, found);
    }
    const units = [...keys].sort(byCodeUnit).join('\u0000');
    if (units !== [...keys].sort(byCodePoint).join('\u0000')) found.add('keys ordered differently by UTF-16 code units than by code points');
  }
}

/**
 * The pitfall features of a payload (booleans, null, non-ASCII or astral
 * text, lone surrogates, keys whose code-unit and code-point orders differ,
 * integer-like keys, numbers whose text differs across languages, string values
 * that look like numbers), in a fixed
 * order: what a refusal of a valid payload most likely tripped on.
 * @param value - a payload
 * @public
 */
export function payloadFeatures(value: JsonValue): PayloadFeature[] {
  const found = new Set<PayloadFeature>();
  visit(value, found);
  return FEATURES.filter((feature) => found.has(feature));
}
