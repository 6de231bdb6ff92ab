/**
 * The `util.parseArgs` options every qualifying command (`run`, `manifest`)
 * accepts, with the same meaning: report directory, seed, cases, call bounds,
 * strictness and help. Each command adds its own.
 */
export const COMMON_RUN_OPTIONS = {
  out: { type: 'string' },
  seed: { type: 'string' },
  runs: { type: 'string' },
  'timeout-ms': { type: 'string' },
  'max-output-bytes': { type: 'string' },
  strict: { type: 'boolean' },
  'strict-should': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;
