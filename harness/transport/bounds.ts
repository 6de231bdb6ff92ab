import { limits } from '../protocol/types.js';

/**
 * Checks that an option is an integer within `[min, max]` and returns it.
 * Throws a `TypeError` naming the option, the value received and its type.
 * @internal Shared by the transport's option validators.
 */
export function validateIntegerOption(option: string, value: unknown, min: number, max: number): number {
  if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) {
    return value;
  }
  throw new TypeError(`The \`${option}\` option must be an integer from ${min} to ${max}: received ${describe(value)} (${typeOf(value)}).`);
}

function typeOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'symbol' || typeof value === 'function') return String(value.toString());
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

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
