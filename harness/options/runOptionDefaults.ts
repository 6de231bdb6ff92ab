import { limits } from '../protocol/types.js';

/** An inclusive integer range of a numeric option. */
export interface OptionBounds {
  readonly min: number;
  readonly max: number;
}

/**
 * Default values of the `run` options: the one place defaults live. Applied only by
 * the normalizers in `normalizeOptions.ts`; the help registry prints them, and the
 * `manifest` command takes the ones it shares with `run` from here. The seed's default
 * is random and so is not listed here.
 * @public
 */
export const runOptionDefaults = Object.freeze({
  /** Output directory, relative to the working directory. */
  out: './qualify-report',
  runs: 10,
  timeoutMs: 10_000,
  maxOutputBytes: 1_048_576,
  payload: 'any-json',
  concurrency: 4,
  pollBudget: 8,
  settleMs: 5_000,
} as const);

/** Inclusive integer ranges of the numeric `run` options, shared by validation and help. @public */
export const runOptionBounds = Object.freeze({
  seed: { min: 0, max: 2 ** 31 - 1 },
  runs: { min: 1, max: 10_000 },
  timeoutMs: { min: limits.minDeadlineMs, max: limits.maxDeadlineMs },
  maxOutputBytes: { min: limits.minOutputBytes, max: limits.maxOutputBytes },
  maxSubmits: { min: 1, max: 2 ** 31 - 1 },
  maxFailures: { min: 1, max: 10_000 },
  concurrency: { min: 1, max: 16 },
  pollBudget: { min: 1, max: 1_000 },
  settleMs: { min: 0, max: 600_000 },
} as const satisfies Record<string, OptionBounds>);

/**
 * Defaults of `adapter-qualify self-check`: faster settings than {@link runOptionDefaults},
 * which every mutant run shares. Beside the `run` defaults, so the two are read together.
 * @public
 */
export const selfCheckDefaults = Object.freeze({
  /** Beside, never inside, `run`'s `./qualify-report`: a run replaces its directory whole and refuses one holding anything else. */
  out: './self-check-report',
  /** Fixed, so CI runs are reproducible; `--seeds` sweeps from it. */
  seed: 20_261_130,
  runs: 4,
  timeoutMs: 5_000,
  /** The reference adapter is terminal after 2 observes. */
  pollBudget: 4,
  /** Adapter processes per run. */
  concurrency: 2,
  /** Qualification runs at once (measured on 2 cores: 3 beats 2, 4 gains nothing). */
  parallel: 3,
  /** A guard against a hung harness, not a budget: every call already has its deadline. */
  runCapMs: 600_000,
  /** Share of seeds a mutant must be killed in, in a sweep. */
  sweepKillRate: 0.9,
} as const);

/**
 * Inclusive ranges of the `self-check` options that `run` does not have; its `--seed`,
 * `--runs` and `--timeout-ms` take the {@link runOptionBounds}.
 * @public
 */
export const selfCheckBounds = Object.freeze({
  seeds: { min: 1, max: 1_000 },
  parallel: { min: 1, max: 16 },
  runCapMs: { min: 1_000, max: 3_600_000 },
  threshold: { min: 0, max: 100 },
} as const satisfies Record<string, OptionBounds>);
