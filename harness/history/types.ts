import type { Outcome } from '../protocol/types.js';

/** One valid outcome seen for a binding, with the call's time span. */
export interface HistoryEntry {
  /** The valid outcome (every OUT clause held); its binding fields say which history it belongs to. */
  readonly outcome: Outcome;
  /** When the call started (ms); calls are ordered only when one ended before the other started. */
  readonly startedAt: number;
  /** When the call ended (ms), not before `startedAt`. */
  readonly endedAt: number;
  /** Which call this was (transcript index or call number), named in violations. */
  readonly ref: number;
  /** `canonicalJson(outcome)` when the caller has it already (saves serializing the outcome again); it must be exactly that text. */
  readonly canonicalText?: string;
}
