import { UsageError } from '../../UsageError.js';
import { describeReceived } from '../_internals/describeReceived.js';

// fast-check's replay path: colon-separated run indices, e.g. `7:0:3`.
const REPLAY_PATH = /^[0-9]+(:[0-9]+)*$/;

/**
 * Validates `--replay-path`: a fast-check path, only meaningful with `--only` (which test)
 * and `--seed` (which run).
 * @param value - the option as received, or undefined when absent.
 * @param context - whether `--only` and `--seed` were given.
 * @returns the path, or null when absent.
 * @throws UsageError naming `--replay-path`.
 * @public
 */
export function validateReplayPathOption(value: unknown, context: { readonly hasOnly: boolean; readonly hasSeed: boolean }): string | null {
  if (value === undefined) return null;
  const option = '--replay-path';
  if (typeof value !== 'string' || !REPLAY_PATH.test(value)) {
    throw new UsageError(`${option} must be a fast-check path such as "7:0:3" (got ${describeReceived(value)})`, { option });
  }
  if (!context.hasOnly || !context.hasSeed) {
    throw new UsageError(`${option} requires --only (the test) and --seed (the run) (got ${describeReceived(value)})`, { option });
  }
  return value;
}
