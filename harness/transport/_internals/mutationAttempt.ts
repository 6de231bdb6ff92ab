import { jsonPointer } from './jsonPointer.js';

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
    if (added !== null || Object.hasOwn(record, key)) paths.push(jsonPointer(path, key));
    for (const child of Object.keys(record).reverse()) stack.push({ value: record[child], path: jsonPointer(path, child) });
  }
  return { message: error.message, paths };
}
