import { UsageError } from '../../UsageError.js';
import { describeReceived } from '../_internals/describeReceived.js';

/**
 * Validates a test-name pattern option (`--only`, `--exclude`): a regular expression source matched against test names.
 * @param option - the option's name, as messages print it.
 * @param value - the option as received, or undefined when absent.
 * @returns the source, or null when absent.
 * @throws UsageError naming the option when the value is not a string or does not compile.
 * @public
 */
export function validatePatternOption(option: '--only' | '--exclude', value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string') throw new UsageError(`${option} must be a regular expression (got ${describeReceived(value)})`, { option });
  try {
    new RegExp(value);
  } catch (cause) {
    throw new UsageError(`${option} must be a valid regular expression: ${(cause as Error).message} (got ${describeReceived(value)})`, {
      option,
      cause,
    });
  }
  return value;
}

/**
 * Validates `--only`: a regular expression source matched against test names.
 * @param value - the option as received, or undefined when absent.
 * @returns the source, or null for every test.
 * @throws UsageError naming `--only` when the value is not a string or does not compile.
 * @public
 */
export function validateOnlyOption(value: unknown): string | null {
  return validatePatternOption('--only', value);
}
