import type { TransportUncertainty } from './callRecord.js';

/** Why the suite itself killed the process group, if it did. */
export type KillReason = 'timeout' | 'canceled' | 'output-overflow';

/** What the transport observed about one started process, as classified by {@link classifyExit}. */
export interface ExitFacts {
  /** The first reason the suite killed the group, or null. */
  readonly killReason: KillReason | null;
  /** Text of the first stream error (stdin, stdout or stderr), or null. */
  readonly streamFailure: string | null;
  /** Why a deadline hit a process that had already exited (its output was held open), or null. */
  readonly heldOpen: string | null;
  /** Exit code, or null when the process died by a signal. */
  readonly exitCode: number | null;
  /** Terminating signal, or null. */
  readonly signal: string | null;
}

/** The transport's verdict on one call (WIRE-UNCERTAIN). */
export interface ExitClassification {
  readonly uncertainty: TransportUncertainty | null;
  readonly detail: string | undefined;
}

/**
 * Classifies a finished process. Order: the suite's own kill reason first (any
 * signal then came from us), then stream failures, then a foreign signal, then
 * a nonzero exit code. Only a clean exit 0 is certain at this level.
 * @public
 */
export function classifyExit(facts: ExitFacts): ExitClassification {
  if (facts.killReason !== null) {
    return { uncertainty: facts.killReason, detail: facts.killReason === 'timeout' ? (facts.heldOpen ?? undefined) : undefined };
  }
  if (facts.streamFailure !== null) {
    return { uncertainty: 'stream-failure', detail: facts.streamFailure };
  }
  if (facts.signal !== null) {
    return { uncertainty: 'killed-by-signal', detail: `terminated by ${facts.signal}` };
  }
  if (facts.exitCode !== 0) {
    return { uncertainty: 'nonzero-exit', detail: `exit code ${String(facts.exitCode)}` };
  }
  return { uncertainty: null, detail: undefined };
}
