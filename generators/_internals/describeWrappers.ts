import type { Wrapper } from './wrapper.js';

/**
 * Describes a wrapper chain in a few words.
 * @internal
 */
export function describeWrappers(wrappers: readonly Wrapper[]): string {
  return wrappers.length === 0 ? 'as the payload root' : `nested ${wrappers.length} level${wrappers.length === 1 ? '' : 's'} deep (${wrappers.map((level) => level.kind).join(' > ')})`;
}
