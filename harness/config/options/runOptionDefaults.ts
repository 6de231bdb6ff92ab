/**
 * Default values of the `run` options. Applied only by `normalizeRunOptions`; the help
 * text prints them. The seed's default is random and so is not listed here.
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
