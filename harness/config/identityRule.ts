/**
 * The identity rule in words (CFG-AUTHORITY, and `--authority` of an SDK run), for messages.
 * @public
 */
export const IDENTITY_RULE = 'must be an identity: 1-160 characters of A-Z a-z 0-9 . _ : -, starting with a letter or digit';
