import type { ClauseId, ClauseLevel } from '../clauses.js';

/** Version of the `failures/<clause>.json` format this code writes and reads. */
export const FAILURE_CASE_VERSION = 1;

/** One call of a stored failing case, with the request exactly as sent. */
export interface StoredCall {
  readonly action: string;
  /** The exact request text sent (from the transcript), or the report's excerpt of it when `requestComplete` is false. */
  readonly requestText: string;
  /** Whether `requestText` is the whole request. */
  readonly requestComplete: boolean;
  /** UTF-8 bytes of the request sent. */
  readonly requestBytes: number;
  /** 1-based line of the call in the run's `transcript.jsonl`, or null when not found. */
  readonly transcriptLine: number | null;
  readonly exitCode: number | null;
  /** The first few KiB of stdout, as in the report's counterexample. */
  readonly stdout: string;
}

/**
 * A FAIL stored as a replayable case (`failures/<clause>.json` in the report
 * directory): everything `adapter-qualify replay` needs besides the adapter.
 */
export interface StoredFailureCase {
  readonly version: typeof FAILURE_CASE_VERSION;
  readonly clauseId: ClauseId;
  readonly level: ClauseLevel;
  /** Why the clause failed: the first violation. */
  readonly reason: string;
  /** The full name of the test whose case failed. */
  readonly testName: string;
  /** Seed of the failing property. */
  readonly seed: number;
  /** fast-check path of the shrunk case, or null when the test is not a property (its cases are deterministic in the seed). */
  readonly path: string | null;
  /** The subject as `run` takes it: `[adapter.json]`, or `['--sdk', module, '--authority', id]`. */
  readonly subjectArgs: readonly string[];
  /** The `run` options after the subject that re-run exactly this case (`--only`, `--seed`, `--replay-path`, generation options). */
  readonly runArgs: readonly string[];
  /** The full command line, as in the report. */
  readonly replayCommand: string;
  /** The case in words. */
  readonly description: string | null;
  /** The calls of the shrunk case, in order, with their full request texts. */
  readonly calls: readonly StoredCall[];
}
