import type { EnvironmentPolicy } from '../../transport/containment/adapterEnvironment.js';
import { UsageError } from '../../UsageError.js';
import { describeReceived } from '../_internals/describeReceived.js';

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Validates `--pass-env NAME` (repeatable) and `--inherit-env` into the adapter's
 * environment policy: scrubbed unless `--inherit-env`; the names passed are kept
 * in order, without repeats (with `--inherit-env` they still name values to mask).
 * @param passEnv - the `--pass-env` values, or undefined when none was given.
 * @param inheritEnv - `--inherit-env`.
 * @throws UsageError for a name that is not an environment variable name.
 * @public
 */
export function validateEnvironmentOptions(passEnv: readonly string[] | string | undefined, inheritEnv: boolean | undefined): EnvironmentPolicy {
  const names = passEnv === undefined ? [] : typeof passEnv === 'string' ? [passEnv] : [...passEnv];
  for (const name of names) {
    if (typeof name !== 'string' || !VARIABLE_NAME.test(name)) {
      throw new UsageError(`--pass-env must name an environment variable ([A-Za-z_][A-Za-z0-9_]*) (got ${describeReceived(name)})`, { option: '--pass-env' });
    }
  }
  if (inheritEnv !== undefined && typeof inheritEnv !== 'boolean') {
    throw new UsageError(`--inherit-env takes no value (got ${describeReceived(inheritEnv)})`, { option: '--inherit-env' });
  }
  return Object.freeze({ inherit: inheritEnv === true, passNames: Object.freeze([...new Set(names)]) });
}
