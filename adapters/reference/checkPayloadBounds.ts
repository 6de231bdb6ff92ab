import type { AdapterBehavior } from './AdapterBehavior.js';
import { Refusal } from './Refusal.js';

/** The parts of a behaviour that decide what a bounded payload is. */
export type BoundsRules = Pick<AdapterBehavior, 'limits' | 'isAdmissibleNumber' | 'keyBytes' | 'canonical'>;

/** Running totals of one walk. */
interface Tally {
  values: number;
  bytes: number;
}

/**
 * Refuses a payload that breaks any REQ-BOUND clause, counting as the
 * protocol's reference host counts, so that adapter and host refuse exactly the same payloads:
 * every value has a depth (root 0, +1 per enclosing array/object), every value
 * is visited once (keys are not values), and aggregate bytes add the UTF-8
 * bytes of every string value and every object key.
 *
 * The walk stops at the first broken bound, so recursion never goes deeper
 * than `maxDepth + 1` frames whatever the input's nesting.
 *
 * @param payload - the parsed payload
 * @param rules - limits and measures (the reference's, or a mutant's)
 * @throws Refusal naming the broken clause
 */
export function checkPayloadBounds(payload: unknown, rules: BoundsRules): void {
  const tally: Tally = { values: 0, bytes: 0 };
  visit(payload, 0, rules, tally);
  const canonicalBytes = Buffer.byteLength(rules.canonical(payload), 'utf8');
  if (canonicalBytes > rules.limits.maxPayloadBytes) {
    throw new Refusal(`REQ-BOUND-BYTES: canonical payload is ${canonicalBytes} bytes`);
  }
}

function visit(value: unknown, depth: number, rules: BoundsRules, tally: Tally): void {
  const { limits } = rules;
  if (depth > limits.maxDepth) throw new Refusal(`REQ-BOUND-DEPTH: payload nests deeper than ${limits.maxDepth}`);
  tally.values += 1;
  if (tally.values > limits.maxValues) throw new Refusal(`REQ-BOUND-VALUES: payload has more than ${limits.maxValues} values`);

  if (typeof value === 'number') {
    if (!rules.isAdmissibleNumber(value)) throw new Refusal('REQ-BOUND-FINITE: payload holds a non-finite number');
  } else if (typeof value === 'string') {
    addBytes(tally, value, limits.maxPayloadBytes);
  } else if (Array.isArray(value)) {
    if (value.length > limits.maxArrayEntries) {
      throw new Refusal(`REQ-BOUND-ARRAY: an array has ${value.length} entries`);
    }
    for (const item of value) visit(item, depth + 1, rules, tally);
  } else if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length > limits.maxObjectEntries) {
      throw new Refusal(`REQ-BOUND-OBJECT: an object has ${keys.length} entries`);
    }
    for (const key of keys) {
      if (rules.keyBytes(key) > limits.maxKeyBytes) throw new Refusal(`REQ-BOUND-KEY: a key exceeds ${limits.maxKeyBytes} bytes`);
      addBytes(tally, key, limits.maxPayloadBytes);
      visit((value as Record<string, unknown>)[key], depth + 1, rules, tally);
    }
  }
  // null and booleans carry no bytes of their own.
}

function addBytes(tally: Tally, text: string, max: number): void {
  // Buffer.byteLength counts a lone surrogate as 3 bytes (U+FFFD), as the host does.
  tally.bytes += Buffer.byteLength(text, 'utf8');
  if (tally.bytes > max) throw new Refusal(`REQ-BOUND-BYTES: strings and keys exceed ${max} bytes`);
}
