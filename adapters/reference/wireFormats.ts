// The adapter's own format predicates: the suite's oracle must not share a
// validator with the adapter it tests, so nothing here comes from harness/.

const IDENTITY = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,159}$/;
const DIGEST = /^sha256:[0-9a-f]{64}$/;

/** Whether `value` is an identity: 1–160 characters of `[A-Za-z0-9._:-]`, alphanumeric first. */
export function isIdentity(value: unknown): boolean {
  return typeof value === 'string' && IDENTITY.test(value);
}

/** Whether `value` is `sha256:` plus 64 lowercase hex digits (uppercase is not a digest). */
export function isDigest(value: unknown): boolean {
  return typeof value === 'string' && DIGEST.test(value);
}
