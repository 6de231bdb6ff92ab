import { isPlainText } from './jsonValues.js';

/**
 * What the protocol's reference host counts about a payload, by the protocol's
 * counting rules. Compared against `limits` by the request validator.
 */
export interface PayloadMeasure {
  /** Deepest value: the root is depth 0, a value nested inside k arrays/objects is depth k. */
  readonly depth: number;
  /** Visited values, the root included; object keys are not values. */
  readonly values: number;
  /** Entries of the longest array (0 when there is none). */
  readonly maxArrayEntries: number;
  /** Entries of the largest object (0 when there is none). */
  readonly maxObjectEntries: number;
  /** UTF-8 bytes of the longest object key (0 when there is none). */
  readonly maxKeyBytes: number;
  /** UTF-8 bytes (`Buffer.byteLength`) of every string value and every object key, added up. */
  readonly aggregateBytes: number;
  /**
   * UTF-8 bytes of the canonical JSON text. A non-finite number is counted as
   * `JSON.stringify` writes it (`null`), since canonical JSON has no form for it.
   */
  readonly canonicalBytes: number;
  /** Some number is NaN or ±Infinity (JSON text `1e400` parses to Infinity). */
  readonly nonFinite: boolean;
}

/**
 * Measures a JSON value by the protocol's counting rules, in one iterative pass
 * (100,000 levels of nesting cannot overflow the stack). Canonical bytes do not
 * depend on key order, so no sorting is needed.
 *
 * @param value - an acyclic JSON value, typically a request payload as parsed from text
 * @throws TypeError on a value JSON cannot carry (undefined, function, bigint, symbol)
 */
export function measurePayload(value: unknown): PayloadMeasure {
  let depth = 0;
  let values = 0;
  let maxArrayEntries = 0;
  let maxObjectEntries = 0;
  let maxKeyBytes = 0;
  let aggregateBytes = 0;
  let canonicalBytes = 0;
  let nonFinite = false;

  const pending: unknown[] = [value];
  const depths: number[] = [0];
  while (pending.length > 0) {
    const item = pending.pop();
    const itemDepth = depths.pop() as number;
    values += 1;
    if (itemDepth > depth) depth = itemDepth;

    if (item === null) {
      canonicalBytes += 4;
      continue;
    }
    switch (typeof item) {
      case 'boolean':
        canonicalBytes += item ? 4 : 5;
        continue;
      case 'number':
        if (!Number.isFinite(item)) nonFinite = true;
        // JSON.stringify writes numbers in ASCII; non-finite ones as `null`.
        canonicalBytes += JSON.stringify(item).length;
        continue;
      case 'string':
        if (isPlainText(item)) {
          aggregateBytes += item.length;
          canonicalBytes += item.length + 2;
        } else {
          aggregateBytes += Buffer.byteLength(item, 'utf8');
          canonicalBytes += Buffer.byteLength(JSON.stringify(item), 'utf8');
        }
        continue;
      case 'object':
        break;
      default:
        throw new TypeError(`measurePayload: not a JSON value (${typeof item})`);
    }

    if (Array.isArray(item)) {
      if (item.length > maxArrayEntries) maxArrayEntries = item.length;
      // Brackets plus the commas between entries.
      canonicalBytes += 2 + Math.max(0, item.length - 1);
      for (const entry of item) {
        pending.push(entry);
        depths.push(itemDepth + 1);
      }
      continue;
    }
    const record = item as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length > maxObjectEntries) maxObjectEntries = keys.length;
    // Braces, commas, and one colon per entry.
    canonicalBytes += 2 + Math.max(0, keys.length - 1) + keys.length;
    for (const key of keys) {
      const plain = isPlainText(key);
      const keyBytes = plain ? key.length : Buffer.byteLength(key, 'utf8');
      if (keyBytes > maxKeyBytes) maxKeyBytes = keyBytes;
      aggregateBytes += keyBytes;
      canonicalBytes += plain ? key.length + 2 : Buffer.byteLength(JSON.stringify(key), 'utf8');
      pending.push(record[key]);
      depths.push(itemDepth + 1);
    }
  }

  return { depth, values, maxArrayEntries, maxObjectEntries, maxKeyBytes, aggregateBytes, canonicalBytes, nonFinite };
}
