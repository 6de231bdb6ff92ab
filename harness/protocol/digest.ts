import { createHash, hash } from 'node:crypto';
import { canonicalJson } from './canonicalJson.js';

/** `sha256:` followed by exactly 64 lowercase hex digits. */
export const DIGEST_PATTERN = /^sha256:[0-9a-f]{64}$/;

/** A protocol digest string. */
export type Digest = `sha256:${string}`;

/** `"sha256:" + hex(sha256(utf8(text)))`. */
export function digestText(text: string): Digest {
  // One-shot `hash` encodes a string as UTF-8, like `update(text, 'utf8')`, without a Hash object per call.
  return `sha256:${hash('sha256', text, 'hex')}`;
}

/** `digestText(canonicalJson(value))`. */
export function digestCanonical(value: unknown): Digest {
  return digestText(canonicalJson(value));
}

/** Whether `value` is a well-formed digest (lowercase hex only). */
export function isDigest(value: unknown): value is Digest {
  return typeof value === 'string' && DIGEST_PATTERN.test(value);
}

/** Hex sha256 of raw bytes, for subject fingerprints. */
export function sha256Hex(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}
