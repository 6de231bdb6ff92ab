/** Suite-internal variables that carry a run's context to every suite process (its workers inherit them); never passed to an adapter. */
export const RUN_CONTEXT_VARIABLES = Object.freeze({
  /** The run's tag, on every launcher's command line. */
  tag: 'ADAPTER_QUALIFY_RUN_TAG',
  /** The `--pass-env` names, comma-separated, for the secret mask. */
  passEnv: 'ADAPTER_QUALIFY_RUN_PASS_ENV',
  /** The run's sandbox plan (JSON), which each thread's spawner enters. */
  sandbox: 'ADAPTER_QUALIFY_RUN_SANDBOX',
} as const);

/**
 * The tag every launcher of this run carries on its command line, so the run can
 * find (and at its end kill) whatever its calls left behind, and nothing of another
 * run's. A process outside a run gets a tag of its own.
 * @public
 */
export function runTag(): string {
  const tag = process.env[RUN_CONTEXT_VARIABLES.tag];
  if (tag !== undefined && /^[\w.-]+$/.test(tag)) return tag;
  return `aq-${process.pid}`;
}

/**
 * The `--pass-env` names of this run (empty outside a run).
 * @public
 */
export function passedVariableNames(): readonly string[] {
  return (process.env[RUN_CONTEXT_VARIABLES.passEnv] ?? '').split(',').filter((name) => name !== '');
}

/**
 * Sets this process's run context before its workers start (they inherit it).
 * @param tag - the run's tag.
 * @param passNames - the `--pass-env` names.
 * @returns restores the previous context.
 * @public
 */
export function enterRunContext(tag: string, passNames: readonly string[]): () => void {
  const previous = { tag: process.env[RUN_CONTEXT_VARIABLES.tag], passEnv: process.env[RUN_CONTEXT_VARIABLES.passEnv] };
  process.env[RUN_CONTEXT_VARIABLES.tag] = tag;
  process.env[RUN_CONTEXT_VARIABLES.passEnv] = passNames.join(',');
  return () => {
    for (const key of ['tag', 'passEnv'] as const) {
      const value = previous[key];
      if (value === undefined) delete process.env[RUN_CONTEXT_VARIABLES[key]];
      else process.env[RUN_CONTEXT_VARIABLES[key]] = value;
    }
  };
}

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
  // Names first, values only of those kept: each read of `process.env` is a call into Node.js, once per adapter call.
  for (const name of Object.keys(source)) {
    if (INTERNAL.has(name) || !(policy.inherit || isAllowed(name) || policy.passNames.includes(name))) continue;
    const value = source[name];
    if (value !== undefined) environment[name] = value;
  }
  return { ...environment, ...extra };
}

function isAllowed(name: string): boolean {
  return ALLOWED_VARIABLES.includes(name) || name.startsWith('LC_');
}
