import fc from 'fast-check';
import { IDENTITY_PATTERN } from '../../protocol/identity.js';
import { OUTCOME_CONTRACT } from '../../protocol/types.js';

/** A configuration that satisfies every CFG clause; tests break one field at a time. */
export function validAdapterConfig(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { protocol: OUTCOME_CONTRACT, authorityId: 'ledger-a1', executable: '/usr/bin/true', argvPrefix: ['--flag', ''], ...overrides };
}

// Any code unit but NUL/CR/LF (lone surrogates included), so byte counting is exercised.
const pathChar = fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((c) => !/[\u0000\r\n]/.test(c));
const argChar = fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((c) => c !== '\u0000');

/** Arbitrary valid configurations (kept small enough that the total bound always holds). */
export const validAdapterConfigArbitrary = fc.record({
  protocol: fc.constant(OUTCOME_CONTRACT),
  authorityId: fc.stringMatching(IDENTITY_PATTERN),
  executable: fc.array(pathChar, { maxLength: 200 }).map((chars) => `/${chars.join('')}`),
  argvPrefix: fc.array(fc.array(argChar, { maxLength: 100 }).map((chars) => chars.join('')), { maxLength: 31 }),
});
