import { UsageError } from '../../UsageError.js';
import { describeReceived } from '../_internals/describeReceived.js';

/**
 * Validates `--only`: a regular expression source matched against test names.
 * @param value - the option as received, or undefined when absent.
 * @returns the source, or null for every test.
 * @throws UsageError naming `--only` when the value is not a string or does not compile.
 * @public
 */
export function validateOnlyOption(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string') throw new UsageError(`--only must be a regular expression (got ${describeReceived(value)})`, { option: '--only' });
  try {
    new RegExp(value);
  } catch (cause) {
    throw new UsageError(`--only must be a valid regular expression: ${(cause as Error).message} (got ${describeReceived(value)})`, {
      option: '--only',
      cause,
    });
  }
  return value;
}
