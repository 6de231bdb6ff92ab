import { limits } from '../protocol/limits.js';
import { validateIntegerOption } from './_internals/validateIntegerOption.js';

/**
 * Validates the per-call deadline (WIRE-DEADLINE): an integer from 1 to 600,000 ms.
 * @param value - the option as received.
 * @returns the value, typed.
 * @throws TypeError naming `timeoutMs`, the value and its type.
 * @public
 */
export function validateTimeoutMs(value: unknown): number {
  return validateIntegerOption('timeoutMs', value, limits.minDeadlineMs, limits.maxDeadlineMs);
}
