/**
 * Sets an own enumerable property, also for names like `__proto__` that plain
 * assignment would turn into a prototype change.
 * @internal
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
