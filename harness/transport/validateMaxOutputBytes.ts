import { limits } from '../protocol/limits.js';
import { validateIntegerOption } from './_internals/validateIntegerOption.js';

/**
 * Validates the stdout bound (WIRE-STDOUT-CAP): an integer from 1,024 to 1,048,576 bytes.
 * @param value - the option as received.
 * @returns the value, typed.
 * @throws TypeError naming `maxOutputBytes`, the value and its type.
 * @public
 */
export function validateMaxOutputBytes(value: unknown): number {
  return validateIntegerOption('maxOutputBytes', value, limits.minOutputBytes, limits.maxOutputBytes);
}
