/** The identity pattern shared by operationId, authorityId and the configuration's authorityId. */
export const IDENTITY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,159}$/;

/** Longest identity the protocol admits. */
export const IDENTITY_MAX_LENGTH = 160;

/** Whether `value` is a protocol identity (1–160 ASCII characters of the identity alphabet). */
export function isIdentity(value: unknown): value is string {
  return typeof value === 'string' && IDENTITY_PATTERN.test(value);
}
