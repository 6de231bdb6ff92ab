import { OUTCOME_CONTRACT } from '../protocol/types.js';
import type { NormalizedRunOptions } from '../runOptions.js';

/** Normalized run options with the CLI defaults and a fixed seed, with `overrides` applied. */
export function runOptionsOf(overrides: Partial<NormalizedRunOptions> = {}): NormalizedRunOptions {
  return {
    configPath: '/work/adapter/adapter.json',
    config: { protocol: OUTCOME_CONTRACT, authorityId: 'ledger-a1', executable: '/usr/bin/true', argvPrefix: [] },
    adapterCwd: '/work/adapter',
    outDir: '/work/adapter/qualify-report',
    seed: 424242,
    runs: 10,
    timeoutMs: 10_000,
    maxOutputBytes: 1_048_576,
    only: null,
    replayPath: null,
    payload: { kind: 'any-json' },
    maxSubmits: null,
    concurrency: 4,
    pollBudget: 8,
    strict: false,
    strictShould: false,
    progress: false,
    ...overrides,
  };
}
