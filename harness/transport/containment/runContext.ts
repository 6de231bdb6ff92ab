/** Suite-internal variables that carry a run's context to every suite process (its workers inherit them); never passed to an adapter. */
export const RUN_CONTEXT_VARIABLES = Object.freeze({
  /** The run's tag, on every launcher's command line. */
  tag: 'ADAPTER_QUALIFY_RUN_TAG',
  /** The `--pass-env` names, comma-separated, for the secret mask. */
  passEnv: 'ADAPTER_QUALIFY_RUN_PASS_ENV',
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
