import { jsonPointer } from '../protocol/jsonValues.js';

/**
 * Freezes a JSON-like value and everything inside it, iteratively (deep
 * payloads cannot overflow the stack).
 * @returns the same value, now frozen.
 * @internal
 */
export function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item !== 'object' || item === null || Object.isFrozen(item)) continue;
    Object.freeze(item);
    for (const key of Object.keys(item)) stack.push((item as Record<string, unknown>)[key]);
  }
  return value;
}

/**
 * The JSON pointer of the first place where two JSON values differ (a changed
 * scalar, an added, removed or retyped entry), or null when they are equal.
 * @internal
 */
export function firstDifference(before: unknown, after: unknown, path = ''): string | null {
  if (Object.is(before, after)) return null;
  if (typeof before !== 'object' || typeof after !== 'object' || before === null || after === null) return path;
  if (Array.isArray(before) !== Array.isArray(after)) return path;
  const beforeRecord = before as Record<string, unknown>;
  const afterRecord = after as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(beforeRecord), ...Object.keys(afterRecord)])];
  for (const key of keys) {
    if (Object.hasOwn(beforeRecord, key) !== Object.hasOwn(afterRecord, key)) return path + jsonPointer(key);
    const found = firstDifference(beforeRecord[key], afterRecord[key], path + jsonPointer(key));
    if (found !== null) return found;
  }
  return null;
}

/**
 * Why a value an SDK resolved to is not JSON: the first non-JSON part found,
 * with its JSON pointer; null when the value is plain JSON (null, booleans,
 * finite numbers, strings, arrays, plain objects) without cycles.
 * @internal
 */
export function jsonValueProblem(value: unknown): string | null {
  const open = new Set<object>();
  const stack: { value: unknown; path: string; leave?: object }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; path: string; leave?: object };
    if (item.leave !== undefined) {
      open.delete(item.leave);
      continue;
    }
    const problem = scalarProblem(item.value);
    const at = item.path === '' ? 'the value' : `the value at ${item.path}`;
    if (problem !== null) return `${at} is ${problem}`;
    if (typeof item.value !== 'object' || item.value === null) continue;
    const container = item.value;
    if (open.has(container)) return `${at} is a cycle`;
    const prototype: unknown = Object.getPrototypeOf(container);
    if (!Array.isArray(container) && prototype !== Object.prototype && prototype !== null) {
      return `${at} is a ${container.constructor?.name ?? 'non-plain'} object, not a plain object`;
    }
    open.add(container);
    stack.push({ value: undefined, path: item.path, leave: container });
    for (const key of Object.keys(container)) stack.push({ value: (container as Record<string, unknown>)[key], path: item.path + jsonPointer(key) });
  }
  return null;
}

function scalarProblem(value: unknown): string | null {
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'object':
      return null;
    case 'number':
      return Number.isFinite(value) ? null : `the non-finite number ${String(value)}`;
    default:
      return typeof value === 'undefined' ? 'undefined' : `a ${typeof value}`;
  }
}

/** A write to a frozen request that threw in strict mode. */
export interface MutationAttempt {
  /** The engine's message, e.g. `Cannot assign to read only property 'digest' of object '#<Object>'`. */
  readonly message: string;
  /** JSON pointers (into the SDK's argument) the write may have aimed at; the engine names the key, not its parent. */
  readonly paths: readonly string[];
}

// V8's messages for writes to frozen objects and arrays.
const EXISTING_KEY = /^Cannot (?:assign to read only|delete) property '([^']*)' of /;
const NEW_KEY = /^Cannot (?:add|define) property ([^,]*), object is not extensible/;
const MAX_PATHS = 5;

/**
 * Recognizes the TypeError strict-mode code gets when it writes to a deep-frozen
 * request, and names the paths it may have written to.
 * @param error - what the SDK call threw or rejected with
 * @param argument - the frozen argument the SDK was given
 * @returns the attempt, or null when the error is not a write to a frozen object
 * @internal
 */
export function mutationAttempt(error: unknown, argument: unknown): MutationAttempt | null {
  if (!(error instanceof TypeError)) return null;
  const existing = EXISTING_KEY.exec(error.message);
  const added = existing === null ? NEW_KEY.exec(error.message) : null;
  const key = existing?.[1] ?? added?.[1];
  if (key === undefined) return null;
  const paths: string[] = [];
  const stack: { value: unknown; path: string }[] = [{ value: argument, path: '' }];
  while (stack.length > 0 && paths.length < MAX_PATHS) {
    const { value, path } = stack.pop() as { value: unknown; path: string };
    if (typeof value !== 'object' || value === null || value instanceof AbortSignal) continue;
    const record = value as Record<string, unknown>;
    if (added !== null || Object.hasOwn(record, key)) paths.push(path + jsonPointer(key));
    for (const child of Object.keys(record).reverse()) stack.push({ value: record[child], path: path + jsonPointer(child) });
  }
  return { message: error.message, paths };
}
