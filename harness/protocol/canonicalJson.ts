/** A JSON value as the protocol admits it (finite numbers only). */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };

/**
 * Serializes a JSON value canonically: object keys sorted by UTF-16 code unit
 * order, no insignificant whitespace, strings and numbers as `JSON.stringify`
 * writes them. Byte-compatible with RFC 8785 for every value the protocol admits.
 *
 * @param value - a JSON value; non-finite numbers are rejected because JSON cannot carry them
 * @throws TypeError on a non-finite number or a non-JSON value
 */
export function canonicalJson(value: unknown): string {
  const parts: string[] = [];
  write(value, parts);
  return parts.join('');
}

function write(value: unknown, parts: string[]): void {
  if (value === null) {
    parts.push('null');
    return;
  }
  switch (typeof value) {
    case 'boolean':
      parts.push(value ? 'true' : 'false');
      return;
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: non-finite number ${value}`);
      parts.push(JSON.stringify(value));
      return;
    case 'string':
      parts.push(JSON.stringify(value));
      return;
    case 'object':
      if (Array.isArray(value)) {
        parts.push('[');
        value.forEach((item, index) => {
          if (index > 0) parts.push(',');
          write(item, parts);
        });
        parts.push(']');
        return;
      }
      writeObject(value as Record<string, unknown>, parts);
      return;
    default:
      throw new TypeError(`canonicalJson: not a JSON value (${typeof value})`);
  }
}

function writeObject(object: Record<string, unknown>, parts: string[]): void {
  // Default sort compares UTF-16 code units, which is exactly RFC 8785's key order.
  const keys = Object.keys(object).sort();
  parts.push('{');
  keys.forEach((key, index) => {
    if (index > 0) parts.push(',');
    parts.push(JSON.stringify(key), ':');
    write(object[key], parts);
  });
  parts.push('}');
}
