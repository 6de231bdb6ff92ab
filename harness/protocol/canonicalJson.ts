import { isPlainText } from './jsonValues.js';

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

/** Largest canonical array index: JavaScript's array indices stop at 2^32 - 2. */
const MAX_ARRAY_INDEX = 4_294_967_294;

/**
 * Whether `key` is a canonical array index (`"0"` … `"4294967294"`: no sign, no
 * leading zero). JavaScript enumerates such keys of any object first, in
 * numeric order, whatever order they were inserted in.
 */
export function isArrayIndexKey(key: string): boolean {
  const first = key.charCodeAt(0); // NaN for the empty key
  if (!(first >= 0x30 && first <= 0x39)) return false; // most keys end here
  if (key.length === 1) return true;
  if (first === 0x30 || key.length > 10) return false;
  for (let index = 1; index < key.length; index += 1) {
    const unit = key.charCodeAt(index);
    if (unit < 0x30 || unit > 0x39) return false;
  }
  return Number(key) <= MAX_ARRAY_INDEX;
}

/**
 * The canonical order of an object's keys, the one algal's host writes: its
 * `canonicalize` inserts the keys sorted by UTF-16 code units into a fresh
 * object and calls `JSON.stringify`, which lists array-index keys first in
 * ascending numeric order, then the other keys in insertion (code unit) order.
 * This is not RFC 8785 (JCS), which sorts `"10"` before `"9"`.
 *
 * @param keys - the object's own keys; sorted in place and returned
 * @returns `keys`, in canonical order
 */
export function canonicalKeyOrder(keys: string[]): string[] {
  let indices = 0;
  for (const key of keys) if (isArrayIndexKey(key)) indices += 1;
  if (indices === 0) return keys.sort();
  return keys.sort((a, b) => {
    const aIndex = isArrayIndexKey(a);
    if (aIndex !== isArrayIndexKey(b)) return aIndex ? -1 : 1;
    if (aIndex) return Number(a) - Number(b);
    return a < b ? -1 : a > b ? 1 : 0;
  });
}

/** Orders an object's keys for serialization (canonical, or a mutant's other order). @internal */
export type KeyOrder = (keys: string[]) => string[];

/**
 * Serializes a JSON value canonically, byte for byte as algal's host does:
 * object keys in {@link canonicalKeyOrder}, no insignificant whitespace,
 * strings and numbers as `JSON.stringify` writes them (lone surrogates escaped).
 *
 * Iterative, so hostile nesting (100,000 levels) cannot overflow the stack.
 *
 * @param value - a JSON value; non-finite numbers are rejected because JSON cannot carry them
 * @throws TypeError on a non-finite number, a non-JSON value or a cycle
 */
export function canonicalJson(value: unknown): string {
  // Most values have their keys in canonical order already (parsed from canonical text, or
  // built in that order): then JSON.stringify, one native call, writes the same bytes.
  return inCanonicalOrder(value, 0) ? JSON.stringify(value) : serializeJson(value, canonicalKeyOrder);
}

/**
 * Whether `JSON.stringify(value)` is `canonicalJson(value)`: `value` is a JSON value
 * (finite numbers, no `undefined` or other non-JSON values, arrays without holes, objects
 * with no prototype but `Object.prototype` or none, so no `toJSON` of theirs) nested at most
 * {@link SHALLOW_DEPTH} deep (which a cycle is not), whose objects list their keys
 * in {@link canonicalKeyOrder}. False sends every other value to the serializer, which
 * writes it or says why it cannot.
 */
function inCanonicalOrder(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object': {
      if (value === null) return true;
      if (depth >= SHALLOW_DEPTH) return false;
      if (Array.isArray(value)) {
        for (let index = 0; index < value.length; index += 1) if (!(index in value) || !inCanonicalOrder(value[index], depth + 1)) return false;
        return true;
      }
      const prototype: unknown = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) return false;
      const object = value as Record<string, unknown>;
      const keys = Object.keys(object);
      for (let index = 0; index < keys.length; index += 1) {
        const key = keys[index] as string;
        if (index > 0 && !canonicallyBefore(keys[index - 1] as string, key)) return false;
        if (!inCanonicalOrder(object[key], depth + 1)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

/** Whether two distinct keys listed in this order are in {@link canonicalKeyOrder}. */
function canonicallyBefore(earlier: string, later: string): boolean {
  const earlierIndex = isArrayIndexKey(earlier);
  const laterIndex = isArrayIndexKey(later);
  if (earlierIndex !== laterIndex) return earlierIndex;
  return earlierIndex ? Number(earlier) < Number(later) : earlier < later;
}

/**
 * `canonicalJson` with another key order: for adapters that must reproduce a
 * wrong canonical form on purpose (mutants). Everything else uses `canonicalJson`.
 * @internal
 */
export function serializeJson(value: unknown, order: KeyOrder): string {
  // Most values are shallow: write them recursively, and only fall back to the
  // iterative walk (which also names cycles) past a small depth.
  return shallowJson(value, 0, order) ?? iterativeJson(value, order);
}

/** Deepest nesting written recursively; a cycle reaches it too. */
const SHALLOW_DEPTH = 64;

/** `canonicalJson(value)`, or undefined when `value` nests deeper than {@link SHALLOW_DEPTH}. */
function shallowJson(value: unknown, depth: number, order: KeyOrder): string | undefined {
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
          const entry = shallowJson(value[index], depth + 1, order);
          if (entry === undefined) return undefined;
          text += index > 0 ? `,${entry}` : entry;
        }
        return `${text}]`;
      }
      const object = value as Record<string, unknown>;
      const keys = order(Object.keys(object));
      let text = '{';
      for (let index = 0; index < keys.length; index += 1) {
        const key = keys[index] as string;
        const entry = shallowJson(object[key], depth + 1, order);
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

function iterativeJson(value: unknown, order: KeyOrder): string {
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
      writeValue(item, parts, stack, open, order);
    }
  }
  return parts.join('');
}

function writeValue(value: unknown, parts: string[], stack: unknown[], open: Set<object>, order: KeyOrder): void {
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
      else pushObject(value as Record<string, unknown>, parts, stack, order);
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

function pushObject(object: Record<string, unknown>, parts: string[], stack: unknown[], order: KeyOrder): void {
  const keys = order(Object.keys(object));
  parts.push('{');
  stack.push(new Token('}'));
  for (let index = keys.length - 1; index >= 0; index -= 1) {
    const key = keys[index] as string;
    stack.push(object[key]);
    stack.push(new Token(`${index > 0 ? ',' : ''}${JSON.stringify(key)}:`));
  }
}
