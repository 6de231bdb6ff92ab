import { limits } from '../../protocol/limits.js';

/** Inclusive integer ranges of the numeric `run` options, shared by validation and help. @public */
export const runOptionBounds = Object.freeze({
  seed: { min: 0, max: 2 ** 31 - 1 },
  runs: { min: 1, max: 10_000 },
  timeoutMs: { min: limits.minDeadlineMs, max: limits.maxDeadlineMs },
  maxOutputBytes: { min: limits.minOutputBytes, max: limits.maxOutputBytes },
  maxSubmits: { min: 1, max: 2 ** 31 - 1 },
  concurrency: { min: 1, max: 16 },
  pollBudget: { min: 1, max: 1_000 },
  settleMs: { min: 0, max: 600_000 },
});
