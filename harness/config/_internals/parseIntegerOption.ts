import { UsageError } from '../../UsageError.js';
import { describeReceived } from './describeReceived.js';

const DECIMAL_INTEGER = /^-?[0-9]+$/;

/**
 * Reads an integer option given as command-line text or as a number, within `[min, max]`.
 * Only plain decimal text is accepted (`1e3`, `0x10`, ` 5` and `5.0` are refused).
 * @throws UsageError naming the option, the range, the value received and its type.
 * @internal Shared by the option validators.
 */
export function parseIntegerOption(option: string, value: unknown, bounds: { readonly min: number; readonly max: number }): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && DECIMAL_INTEGER.test(value) ? Number(value) : NaN;
  if (Number.isSafeInteger(number) && number >= bounds.min && number <= bounds.max) return number;
  throw new UsageError(`${option} must be an integer from ${bounds.min} to ${bounds.max} (got ${describeReceived(value)})`, { option });
}
