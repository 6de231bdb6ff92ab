import { SCRUBBED_ENVIRONMENT } from '../transport/containment/adapterEnvironment.js';
import { runOptionDefaults } from '../config/options/runOptionDefaults.js';
import { OUTCOME_CONTRACT } from '../protocol/types.js';
import type { NormalizedRunOptions } from '../runOptions.js';

/** Normalized run options with the CLI defaults (read from `runOptionDefaults`, so they cannot drift) and a fixed seed, with `overrides` applied. */
export function runOptionsOf(overrides: Partial<NormalizedRunOptions> = {}): NormalizedRunOptions {
  return {
    subject: {
      kind: 'command',
      configPath: '/work/adapter/adapter.json',
      config: { protocol: OUTCOME_CONTRACT, authorityId: 'ledger-a1', executable: '/usr/bin/true', argvPrefix: [] },
      adapterCwd: '/work/adapter',
    },
    outDir: '/work/adapter/qualify-report',
    seed: 424242,
    runs: runOptionDefaults.runs,
    timeoutMs: runOptionDefaults.timeoutMs,
    maxOutputBytes: runOptionDefaults.maxOutputBytes,
    only: null,
    replayPath: null,
    payload: { kind: runOptionDefaults.payload },
    maxSubmits: null,
    concurrency: runOptionDefaults.concurrency,
    pollBudget: runOptionDefaults.pollBudget,
    settleMs: runOptionDefaults.settleMs,
    allowOutInAdapterDir: false,
    strict: false,
    strictShould: false,
    expectedFailures: null,
    shard: null,
    keepStderr: false,
    lifecycle: null,
    writeBaseline: null,
    adapterEnvironment: SCRUBBED_ENVIRONMENT,
    progress: false,
    subjectFiles: [],
    ...overrides,
  };
}
