import type { NormalizedRunOptions } from '../runOptions.js';
import type { QualifyTestMeta } from '../evidence/types.js';

/**
 * What the CLI hands every suite worker through vitest's `provide`/`inject`:
 * plain JSON, fixed for the whole run.
 */
export interface QualifyProvidedContext {
  readonly options: NormalizedRunOptions;
  /** Random per run (not derived from the seed), so operation IDs never collide across runs on a persistent ledger. */
  readonly runNonce: string;
  /** Per-run working directory: transcript parts, shared budgets, markers. Removed after the run. */
  readonly workDir: string;
  /** Exported to the adapter as `ADAPTER_QUALIFY_SCRATCH`: a fresh directory it may use (the reference adapter keeps its ledger there). */
  readonly scratchDir: string;
  /**
   * Properties stop at their first failing case instead of shrinking it
   * (fast-check's `endOnFailure`). Internal: self-check only needs the verdict,
   * and shrinking a crash or pause case costs minutes. @defaultValue false
   */
  readonly endOnFailure?: boolean;
  /** Wall-clock budget of each property, shortened by tests. @defaultValue `PROPERTY_TIME_LIMIT_MS` */
  readonly propertyTimeLimitMs?: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    qualify: QualifyProvidedContext;
  }
}

declare module '@vitest/runner' {
  interface TaskMeta {
    qualify?: QualifyTestMeta;
  }
}
