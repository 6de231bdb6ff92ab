import type { Action } from '../protocol/types.js';
import type { EnvironmentPolicy } from './containment/adapterEnvironment.js';

/** Where and how an adapter is started: the normalized adapter configuration. */
export interface CommandTarget {
  /** Absolute path of the executable (CFG-EXECUTABLE). */
  readonly executable: string;
  /** Literal arguments placed before the action (CFG-ARGV). */
  readonly argvPrefix: readonly string[];
  /** Working directory: the directory of the adapter configuration file. */
  readonly cwd: string;
  /** Extra environment for every call (the suite's scratch directory). Never recorded in reports. */
  readonly env: Readonly<Record<string, string>>;
  /** Which of the suite's own variables the adapter receives. @defaultValue the scrubbed environment, no `--pass-env` */
  readonly environment?: EnvironmentPolicy;
}

/** Bounds and cancellation for one call. All fields are required: defaults are applied once, by the caller. */
export interface CallBounds {
  /** Deadline, 1–600,000 ms (WIRE-DEADLINE). */
  readonly timeoutMs: number;
  /** Output bound, 1,024–1,048,576 bytes (WIRE-STDOUT-CAP). */
  readonly maxOutputBytes: number;
  /** Aborting it cancels the call; aborted before dispatch, no process starts (WIRE-PREABORT). */
  readonly signal: AbortSignal | undefined;
}

/** One call to make: argv action plus the exact stdin text. */
export interface CallInput {
  readonly action: Action;
  readonly requestText: string;
}
