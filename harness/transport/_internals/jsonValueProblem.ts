import { jsonPointer } from './jsonPointer.js';

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
    for (const key of Object.keys(container)) stack.push({ value: (container as Record<string, unknown>)[key], path: jsonPointer(item.path, key) });
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
