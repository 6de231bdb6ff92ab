import { jsonPointer } from './jsonPointer.js';

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
    if (Object.hasOwn(beforeRecord, key) !== Object.hasOwn(afterRecord, key)) return jsonPointer(path, key);
    const found = firstDifference(beforeRecord[key], afterRecord[key], jsonPointer(path, key));
    if (found !== null) return found;
  }
  return null;
}
