import { RUN_CONTEXT_VARIABLES } from './runContext.js';

/**
 * Which of the suite's environment variables an adapter process (and the lifecycle
 * restart step) receives. By default a scrubbed environment: {@link ALLOWED_VARIABLES},
 * `LC_*`, and the names in `passNames`; `inherit` passes everything, as a shell would.
 * @public
 */
export interface EnvironmentPolicy {
  /** `--inherit-env`: pass the whole environment. */
  readonly inherit: boolean;
  /** `--pass-env NAME`, in the order given, without repeats. */
  readonly passNames: readonly string[];
}

const INTERNAL: ReadonlySet<string> = new Set(Object.values(RUN_CONTEXT_VARIABLES));

/** The scrubbed environment without `--pass-env`. */
export const SCRUBBED_ENVIRONMENT: EnvironmentPolicy = Object.freeze({ inherit: false, passNames: Object.freeze([]) });

/** Variables an adapter always receives (when the suite has them): what a program needs to run, nothing about its caller. */
export const ALLOWED_VARIABLES: readonly string[] = Object.freeze(['PATH', 'HOME', 'USER', 'LANG', 'TZ', 'TMPDIR']);

/**
 * The environment of one adapter process: the policy applied to `source`, then
 * `extra` (the call's own `ADAPTER_QUALIFY_*` variables) on top. The run's internal
 * context variables are never passed.
 * @param policy - scrubbed (with names to pass) or inherited.
 * @param extra - variables set for this call.
 * @param source - the suite's environment. @defaultValue `process.env`
 * @public
 */
export function adapterEnvironment(
  policy: EnvironmentPolicy,
  extra: Readonly<Record<string, string>>,
  source: Readonly<Record<string, string | undefined>> = process.env,
): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined || INTERNAL.has(name)) continue;
    if (policy.inherit || isAllowed(name) || policy.passNames.includes(name)) environment[name] = value;
  }
  return { ...environment, ...extra };
}

function isAllowed(name: string): boolean {
  return ALLOWED_VARIABLES.includes(name) || name.startsWith('LC_');
}
