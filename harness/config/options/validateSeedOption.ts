import { parseIntegerOption } from '../_internals/parseIntegerOption.js';
import { runOptionBounds } from './runOptionBounds.js';

/**
 * Validates `--seed`: an integer from 0 to 2^31-1.
 * @param value - the option as received, or undefined when absent.
 * @param randomSeed - draws the default; the drawn seed is recorded in the report.
 * @throws UsageError naming `--seed`, the value and its type.
 * @public
 */
export function validateSeedOption(value: unknown, randomSeed: () => number): number {
  return value === undefined ? randomSeed() : parseIntegerOption('--seed', value, runOptionBounds.seed);
}
