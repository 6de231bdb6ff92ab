import { violation, type Violation } from '../violation.js';
import { jsonPointer } from './jsonValues.js';

/**
 * What a scan of raw JSON text found about repeated object keys.
 * - `unique`: the text is one JSON value and no object in it repeats a key;
 * - `duplicate`: the first repeated key, decoded (so `"a"` and `"\u0061"` are one key), and
 *   the JSON Pointer of the object that repeats it;
 * - `not-json`: the text is not one JSON value (OUT-JSON judges that; no key was judged).
 */
export type UniqueKeysResult = { readonly kind: 'unique' } | { readonly kind: 'duplicate'; readonly key: string; readonly instancePath: string } | { readonly kind: 'not-json' };

const UNIQUE: UniqueKeysResult = { kind: 'unique' };
const NOT_JSON: UniqueKeysResult = { kind: 'not-json' };

// One open container. An object remembers its keys (the only memory that grows with the
// text, and at most its size); an array is only its current index, a plain number, so that
// an answer nested a million arrays deep costs one slot per level and no object. The path
// is built only for a finding.
interface ObjectFrame {
  readonly keys: Set<string>;
  key: string;
}
type Frame = ObjectFrame | number;

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const LITERALS = ['true', 'false', 'null'] as const;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4 = /^[0-9a-fA-F]{4}$/;

/**
 * Finds the first object key repeated within one object, at any depth, in one pass
 * over the raw text: `JSON.parse` silently keeps the last of two equal keys, so only
 * the text shows them. Iterative (no recursion, whatever the depth); memory is the
 * keys of the open objects plus one frame per open container.
 *
 * @param text - the raw stdout of one call
 */
export function checkUniqueKeys(text: string): UniqueKeysResult {
  const stack: Frame[] = [];
  let at = skipSpace(text, 0);
  // After a value: close containers or expect the next member; before one: read it.
  let expectValue = true;
  while (true) {
    if (expectValue) {
      const char = text[at];
      if (char === '{' || char === '[') {
        at = skipSpace(text, at + 1);
        if (text[at] === (char === '{' ? '}' : ']')) {
          at = skipSpace(text, at + 1);
          expectValue = false;
          continue;
        }
        if (char === '[') {
          stack.push(0);
          continue;
        }
        const frame: ObjectFrame = { keys: new Set(), key: '' };
        stack.push(frame);
        const member = readMemberKey(text, at, frame, stack);
        if (typeof member !== 'number') return member;
        at = member;
        continue;
      }
      const end = scalarEnd(text, at);
      if (end === -1) return NOT_JSON;
      at = skipSpace(text, end);
      expectValue = false;
      continue;
    }
    const top = stack.length - 1;
    if (top < 0) return at === text.length ? UNIQUE : NOT_JSON;
    const frame = stack[top] as Frame;
    const char = text[at];
    if (char === ',') {
      at = skipSpace(text, at + 1);
      if (typeof frame === 'number') {
        stack[top] = frame + 1;
      } else {
        const member = readMemberKey(text, at, frame, stack);
        if (typeof member !== 'number') return member;
        at = member;
      }
      expectValue = true;
      continue;
    }
    if (char !== (typeof frame === 'number' ? ']' : '}')) return NOT_JSON;
    stack.pop();
    at = skipSpace(text, at + 1);
  }
}

// Reads `"key" :` of an object member into `frame`; returns the index of its value, or the result that ends the scan.
function readMemberKey(text: string, at: number, frame: ObjectFrame, stack: readonly Frame[]): number | UniqueKeysResult {
  if (text[at] !== '"') return NOT_JSON;
  const read = readString(text, at);
  if (read === null) return NOT_JSON;
  const colon = skipSpace(text, read.end);
  if (text[colon] !== ':') return NOT_JSON;
  if (frame.keys.has(read.value)) return { kind: 'duplicate', key: read.value, instancePath: pointerOf(stack.slice(0, -1)) };
  frame.keys.add(read.value);
  frame.key = read.value;
  return skipSpace(text, colon + 1);
}

function pointerOf(frames: readonly Frame[]): string {
  // One segment per call: a spread of a million frames would overflow the stack.
  return frames.map((frame) => jsonPointer(typeof frame === 'number' ? frame : frame.key)).join('');
}

function skipSpace(text: string, from: number): number {
  let at = from;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) break;
    at += 1;
  }
  return at;
}

// The end of a string, number or literal starting at `at`, or -1.
function scalarEnd(text: string, at: number): number {
  const char = text[at];
  if (char === '"') return skipString(text, at);
  for (const literal of LITERALS) if (text.startsWith(literal, at)) return at + literal.length;
  NUMBER.lastIndex = at;
  return NUMBER.test(text) ? NUMBER.lastIndex : -1;
}

// A value string need not be decoded: only its end matters, and that its escapes are JSON's (as JSON.parse checks).
function skipString(text: string, start: number): number {
  let at = start + 1;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code === 0x22) return at + 1;
    if (code < 0x20) return -1;
    if (code !== 0x5c) {
      at += 1;
      continue;
    }
    const escape = readEscape(text, at);
    if (escape === null) return -1;
    at += escape.length;
  }
  return -1;
}

// A key string decoded, so that escaped and plain spellings of one key compare equal.
function readString(text: string, start: number): { value: string; end: number } | null {
  let at = start + 1;
  let value = '';
  let runStart = at;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code === 0x22) return { value: value + text.slice(runStart, at), end: at + 1 };
    if (code < 0x20) return null;
    if (code !== 0x5c) {
      at += 1;
      continue;
    }
    const escape = readEscape(text, at);
    if (escape === null) return null;
    value += text.slice(runStart, at) + escape.unit;
    at += escape.length;
    runStart = at;
  }
  return null;
}

// The JSON escape at `at` (a backslash): the UTF-16 unit it stands for and its length, or null when JSON has no such escape.
function readEscape(text: string, at: number): { readonly unit: string; readonly length: number } | null {
  const escape = text[at + 1] ?? '';
  if (escape !== 'u') {
    const simple = SIMPLE_ESCAPES[escape];
    return simple === undefined ? null : { unit: simple, length: 2 };
  }
  const hex = text.slice(at + 2, at + 6);
  // Each escaped UTF-16 unit as it is: an escaped surrogate pair joins into the same string as the raw character.
  return HEX4.test(hex) ? { unit: String.fromCharCode(Number.parseInt(hex, 16)), length: 6 } : null;
}

/**
 * OUT-UNIQUE-KEYS on one answer: whether the clause was exercised (the stdout is one
 * JSON value) and its violation, if a key repeats. Run and `verify` judge it alike.
 * @param stdout - the raw stdout of an answer to a well-formed request
 */
export function judgeUniqueKeys(stdout: string): { readonly exercised: boolean; readonly violation: Violation | null } {
  const found = checkUniqueKeys(stdout);
  if (found.kind !== 'duplicate') return { exercised: found.kind === 'unique', violation: null };
  return {
    exercised: true,
    violation: violation(
      'OUT-UNIQUE-KEYS',
      `the object at ${JSON.stringify(found.instancePath)} repeats the key ${JSON.stringify(found.key)} (a host keeping the first value reads another outcome than one keeping the last)`,
      {
        instancePath: found.instancePath,
        details: { key: found.key },
      },
    ),
  };
}
