// Valid inputs of a run for tests: an `adapter.json` that meets every CFG clause (and
// arbitrary ones), and normalized run options with the CLI defaults.
import * as fc from 'fast-check';
import { IDENTITY_PATTERN, OUTCOME_CONTRACT } from '../protocol/types.js';
import { SCRUBBED_ENVIRONMENT } from '../transport/containment/environment.js';
import { runOptionDefaults } from '../options/runOptionDefaults.js';
import type { NormalizedRunOptions } from '../options/runOptions.js';
import { namedPath } from '../options/bytePath.js';

/** A configuration that satisfies every CFG clause; tests break one field at a time. */
export function validAdapterConfig(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { protocol: OUTCOME_CONTRACT, authorityId: 'ledger-a1', executable: '/usr/bin/true', argvPrefix: ['--flag', ''], ...overrides };
}

// Any code unit but NUL/CR/LF (lone surrogates included), so byte counting is exercised.
const pathChar = fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((c) => !/[\u0000\r\n]/.test(c));
const argChar = fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((c) => c !== '\u0000');

/** Arbitrary valid configurations (kept small enough that the total bound always holds). */
export const validAdapterConfigArbitrary = fc.record({
  protocol: fc.constant(OUTCOME_CONTRACT),
  authorityId: fc.stringMatching(IDENTITY_PATTERN),
  executable: fc.array(pathChar, { maxLength: 200 }).map((chars) => `/${chars.join('')}`),
  argvPrefix: fc.array(
    fc.array(argChar, { maxLength: 100 }).map((chars) => chars.join('')),
    { maxLength: 31 },
  ),
});

/** Normalized run options with the CLI defaults (read from `runOptionDefaults`, so they cannot drift) and a fixed seed, with `overrides` applied. */
export function runOptionsOf(overrides: Partial<NormalizedRunOptions> = {}): NormalizedRunOptions {
  return {
    subject: {
      kind: 'command',
      configPath: '/work/adapter/adapter.json',
      config: { protocol: OUTCOME_CONTRACT, authorityId: 'ledger-a1', executable: '/usr/bin/true', argvPrefix: [] },
      adapterCwd: '/work/adapter',
      configNamed: namedPath(Buffer.from('/work/adapter/adapter.json')),
    },
    outDir: '/work/adapter/qualify-report',
    seed: 424242,
    runs: runOptionDefaults.runs,
    timeoutMs: runOptionDefaults.timeoutMs,
    maxOutputBytes: runOptionDefaults.maxOutputBytes,
    only: null,
    exclude: null,
    replayPath: null,
    payload: { kind: runOptionDefaults.payload },
    maxSubmits: null,
    maxFailures: null,
    concurrency: runOptionDefaults.concurrency,
    pollBudget: runOptionDefaults.pollBudget,
    settleMs: runOptionDefaults.settleMs,
    allowOutInAdapterDir: false,
    sandbox: 'auto',
    allowNetwork: false,
    strict: false,
    strictShould: false,
    expectedFailures: null,
    shard: null,
    keepStderr: false,
    hideNotApplicable: false,
    lifecycle: null,
    writeBaseline: null,
    adapterEnvironment: SCRUBBED_ENVIRONMENT,
    progress: false,
    subjectFiles: [],
    ...overrides,
  };
}
