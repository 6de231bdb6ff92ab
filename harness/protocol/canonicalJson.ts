import { isPlainText } from './_internals/isPlainText.js';

/** A JSON value as the protocol admits it (finite numbers only). */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };

/** Text to emit verbatim, queued between values on the work stack. */
class Token {
  constructor(readonly text: string) {}
}

/** Marks the end of a container, so cycles can be detected without recursion. */
class Leave {
  constructor(readonly container: object) {}
}

/**
 * Serializes a JSON value canonically: object keys sorted by UTF-16 code unit
 * order, no insignificant whitespace, strings and numbers as `JSON.stringify`
 * writes them. Byte-compatible with RFC 8785 for every value the protocol admits.
 *
 * Iterative, so hostile nesting (100,000 levels) cannot overflow the stack.
 *
 * @param value - a JSON value; non-finite numbers are rejected because JSON cannot carry them
 * @throws TypeError on a non-finite number, a non-JSON value or a cycle
 */
export function canonicalJson(value: unknown): string {
  // Most values are shallow: write them recursively, and only fall back to the
  // iterative walk (which also names cycles) past a small depth.
  return shallowJson(value, 0) ?? iterativeJson(value);
}

/** Deepest nesting written recursively; a cycle reaches it too. */
const SHALLOW_DEPTH = 64;

/** `canonicalJson(value)`, or undefined when `value` nests deeper than {@link SHALLOW_DEPTH}. */
function shallowJson(value: unknown, depth: number): string | undefined {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: non-finite number ${value}`);
      return JSON.stringify(value);
    case 'string':
      return quote(value);
    case 'object': {
      if (depth >= SHALLOW_DEPTH) return undefined;
      if (Array.isArray(value)) {
        let text = '[';
        for (let index = 0; index < value.length; index += 1) {
          const entry = shallowJson(value[index], depth + 1);
          if (entry === undefined) return undefined;
          text += index > 0 ? `,${entry}` : entry;
        }
        return `${text}]`;
      }
      const object = value as Record<string, unknown>;
      const keys = Object.keys(object).sort();
      let text = '{';
      for (let index = 0; index < keys.length; index += 1) {
        const key = keys[index] as string;
        const entry = shallowJson(object[key], depth + 1);
        if (entry === undefined) return undefined;
        text += `${index > 0 ? ',' : ''}${quote(key)}:${entry}`;
      }
      return `${text}}`;
    }
    default:
      throw new TypeError(`canonicalJson: not a JSON value (${typeof value})`);
  }
}

/** `JSON.stringify(text)`, without the call for plain text (most keys and values). */
function quote(text: string): string {
  return isPlainText(text) ? `"${text}"` : JSON.stringify(text);
}

function iterativeJson(value: unknown): string {
  const parts: string[] = [];
  const open = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item instanceof Token) {
      parts.push(item.text);
    } else if (item instanceof Leave) {
      open.delete(item.container);
    } else {
      writeValue(item, parts, stack, open);
    }
  }
  return parts.join('');
}

function writeValue(value: unknown, parts: string[], stack: unknown[], open: Set<object>): void {
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
      if (open.has(value)) throw new TypeError('canonicalJson: cyclic value');
      open.add(value);
      // The stack is LIFO: push the closing tokens first, then entries in reverse.
      stack.push(new Leave(value));
      if (Array.isArray(value)) pushArray(value, parts, stack);
      else pushObject(value as Record<string, unknown>, parts, stack);
      return;
    default:
      throw new TypeError(`canonicalJson: not a JSON value (${typeof value})`);
  }
}

function pushArray(array: readonly unknown[], parts: string[], stack: unknown[]): void {
  parts.push('[');
  stack.push(new Token(']'));
  for (let index = array.length - 1; index >= 0; index -= 1) {
    stack.push(array[index]);
    if (index > 0) stack.push(new Token(','));
  }
}

function pushObject(object: Record<string, unknown>, parts: string[], stack: unknown[]): void {
  // Default sort compares UTF-16 code units, which is exactly RFC 8785's key order.
  const keys = Object.keys(object).sort();
  parts.push('{');
  stack.push(new Token('}'));
  for (let index = keys.length - 1; index >= 0; index -= 1) {
    const key = keys[index] as string;
    stack.push(object[key]);
    stack.push(new Token(`${index > 0 ? ',' : ''}${JSON.stringify(key)}:`));
  }
}
