/**
 * The adapter's declared lifecycle (`--lifecycle FILE`), as normalized.
 * @public
 */
export interface LifecycleOption {
  /** Absolute path of the lifecycle file; its directory is where the steps run. */
  readonly path: string;
  /** The restart step: argv, executable first (absolute), or null when none is declared. */
  readonly restart: readonly string[] | null;
}
