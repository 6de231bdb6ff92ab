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
