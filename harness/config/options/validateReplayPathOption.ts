import { UsageError } from '../../UsageError.js';
import { describeReceived } from '../_internals/describeReceived.js';

import type { ReplayTarget } from '../../runOptions.js';

// `<property>/<fast-check path>`: which property of the test (a test may run
// several, e.g. one per bound variant), then fast-check's run indices, e.g. `0/7:0:3`.
const REPLAY_PATH = /^([0-9]+)\/([0-9]+(?::[0-9]+)*)$/;

/**
 * Validates `--replay-path`: a property index and a fast-check path, only meaningful with `--only` (which test)
 * and `--seed` (which run).
 * @param value - the option as received, or undefined when absent.
 * @param context - whether `--only` and `--seed` were given.
 * @returns the path, or null when absent.
 * @throws UsageError naming `--replay-path`.
 * @public
 */
export function validateReplayPathOption(value: unknown, context: { readonly hasOnly: boolean; readonly hasSeed: boolean }): ReplayTarget | null {
  if (value === undefined) return null;
  const option = '--replay-path';
  const match = typeof value === 'string' ? REPLAY_PATH.exec(value) : null;
  if (match === null) {
    throw new UsageError(`${option} must be a property index and a fast-check path such as "0/7:0:3" (got ${describeReceived(value)})`, { option });
  }
  if (!context.hasOnly || !context.hasSeed) {
    throw new UsageError(`${option} requires --only (the test) and --seed (the run) (got ${describeReceived(value)})`, { option });
  }
  return { property: Number(match[1]), path: match[2] ?? '' };
}
