/** The suite-internal variable that carries the run's tag to every suite process. */
export const RUN_TAG_VARIABLE = 'ADAPTER_QUALIFY_RUN_TAG';

/**
 * The tag every launcher of this run carries on its command line, so the run can
 * find (and at its end kill) whatever its calls left behind, and nothing of another
 * run's. The run sets it in its environment before starting its workers; a process
 * outside a run gets a tag of its own.
 * @public
 */
export function runTag(): string {
  const tag = process.env[RUN_TAG_VARIABLE];
  if (tag !== undefined && /^[\w.-]+$/.test(tag)) return tag;
  return `aq-${process.pid}`;
}
