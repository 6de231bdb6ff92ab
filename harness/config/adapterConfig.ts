import type { OUTCOME_CONTRACT } from '../protocol/types.js';

/** The host's closed adapter configuration (`adapter.json`), after CFG validation. */
export interface AdapterConfig {
  readonly protocol: typeof OUTCOME_CONTRACT;
  readonly authorityId: string;
  readonly executable: string;
  readonly argvPrefix: readonly string[];
}
