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
