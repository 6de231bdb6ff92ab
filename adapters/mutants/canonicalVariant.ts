import { canonicalJson } from '../../harness/protocol/canonicalJson.js';

/** How a variant canonical form differs from the protocol's. */
export interface CanonicalRules {
  /** Orders two object keys. */
  readonly compareKeys: (a: string, b: string) => number;
  /** Writes a finite number. */
  readonly formatNumber: (value: number) => string;
}

/** Nesting past which the protocol's own form is used: the depth bound refuses such payloads first. */
const MAX_DEPTH = 64;

/**
 * A canonical JSON serializer with its key order or number text replaced, as
 * an adapter written in another language might have it. With UTF-16 unit order
 * and `JSON.stringify` numbers it writes exactly `canonicalJson`.
 * @param rules - the replaced key order and number text
 */
export function canonicalVariant(rules: CanonicalRules): (value: unknown) => string {
  const write = (value: unknown, depth: number): string => {
    if (depth > MAX_DEPTH) return canonicalJson(value);
    if (typeof value === 'number') return Number.isFinite(value) ? rules.formatNumber(value) : canonicalJson(value);
    if (value === null || typeof value !== 'object') return canonicalJson(value);
    if (Array.isArray(value)) return `[${value.map((entry) => write(entry, depth + 1)).join(',')}]`;
    const object = value as Record<string, unknown>;
    const keys = Object.keys(object).sort(rules.compareKeys);
    return `{${keys.map((key) => `${JSON.stringify(key)}:${write(object[key], depth + 1)}`).join(',')}}`;
  };
  return (value) => write(value, 0);
}

/** Key order by UTF-16 code unit: the protocol's. */
export function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Number text as `JSON.stringify` writes it: the protocol's. */
export function ecmaNumber(value: number): string {
  return JSON.stringify(value);
}
