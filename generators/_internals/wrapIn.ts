import type { JsonValue } from '../../harness/protocol/canonicalJson.js';
import { setOwn } from './setOwn.js';
import type { Wrapper } from './wrapper.js';

/**
 * Puts `value` inside `wrappers`, the first one outermost: the value ends up
 * at depth `wrappers.length`. Siblings never add depth.
 * @internal
 */
export function wrapIn(value: JsonValue, wrappers: readonly Wrapper[]): JsonValue {
  let wrapped = value;
  for (let index = wrappers.length - 1; index >= 0; index -= 1) {
    const level = wrappers[index] as Wrapper;
    if (level.kind === 'array') {
      wrapped = [...level.before, wrapped, ...level.after];
    } else {
      const object: { [key: string]: JsonValue } = {};
      for (const [key, sibling] of level.siblings) setOwn(object, key, sibling);
      // Set last, so a sibling with the same key cannot hide the wrapped value.
      setOwn(object, level.key, wrapped);
      wrapped = object;
    }
  }
  return wrapped;
}
