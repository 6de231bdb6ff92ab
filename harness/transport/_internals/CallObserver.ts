/** The adapter process of a call, as it started. */
export interface StartedCall {
  /** The process group leader's pid (the adapter leads its own group). */
  readonly pid: number;
  /** The call's id (`ADAPTER_QUALIFY_CALL`). */
  readonly callId: string;
  /** ms since epoch, when the process was spawned. */
  readonly startedAt: number;
}

/**
 * Hooks into one call's life, for the fault injector (which needs the process
 * group to stop or kill it). Plain calls pass none.
 * @internal
 */
export interface CallObserver {
  /** Called once, right after the process was spawned. */
  readonly onSpawn: (started: StartedCall) => void;
  /**
   * Replaces the spawned argv (executable first), e.g. to run the adapter under
   * a syscall tracer. The record keeps the adapter's own argv. @defaultValue none
   */
  readonly wrapArgv?: (argv: readonly string[]) => readonly [string, ...string[]];
}
