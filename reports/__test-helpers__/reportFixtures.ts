import type { ClauseId } from '../../harness/clauses.js';
import type { CallExcerpt, ClauseEvidence, Counterexample, QualifyTestMeta, ReplayHandle } from '../../harness/evidence/types.js';
import type { BuildReportInput } from '../buildReport.js';

/** A call excerpt whose stdout carries hostile text (markup, control characters, a fence). */
export function hostileCall(overrides: Partial<CallExcerpt> = {}): CallExcerpt {
  return {
    action: 'submit',
    request: '{"action":"submit","retry":true}',
    requestBytes: 32,
    exitCode: 0,
    signal: null,
    timedOut: false,
    stdout: '{"state":"accepted"}\u0000\u001b[31m<b>&"\'```\nend',
    stdoutBytes: 60,
    uncertainty: null,
    ...overrides,
  };
}

/** A one-call counterexample. */
export function counterexample(description = 'submit with unknown top-level field "retry"'): Counterexample {
  return { description, calls: [hostileCall()] };
}

/** A replay handle. */
export function handle(testName: string, path?: string): ReplayHandle {
  return path === undefined ? { testName, seed: 42 } : { testName, seed: 42, path };
}

/** Evidence for one clause, with defaults for everything else. */
export function evidence(clauseId: ClauseId, extra: Partial<Omit<ClauseEvidence, 'clauseId'>> = {}): ClauseEvidence {
  return { clauseId, cases: 0, violations: [], ...extra };
}

/** A test meta. */
export function meta(testName: string, ...entries: ClauseEvidence[]): QualifyTestMeta {
  return { testName, clauses: entries.slice(0, 1).map((entry) => entry.clauseId), evidence: entries };
}

/** A complete buildReport input for the coding-operation profile, with no evidence yet. */
export function reportInput(overrides: Partial<BuildReportInput> = {}): BuildReportInput {
  return {
    profile: 'coding-operation.v1',
    suite: { name: 'adapter-qualify', version: '0.1.0' },
    metas: [],
    failedTests: [],
    unhandledErrors: [],
    filteredOut: false,
    deferred: {},
    subject: {
      config: { protocol: 'algal.coding-operation.v1', authorityId: 'ledger-a1', executable: '/opt/adapter', argvPrefix: ['main.py'] },
      executableSha256: 'a'.repeat(64),
      argvFileSha256s: [{ index: 0, path: 'main.py', sha256: 'b'.repeat(64) }],
      authorityId: 'ledger-a1',
    },
    environment: { node: 'v20.20.2', platform: 'linux', arch: 'x64' },
    run: {
      seed: 42,
      runs: 10,
      startedAt: '2025-01-01T00:00:00.000Z',
      finishedAt: '2025-01-01T00:01:30.000Z',
      strict: false,
      strictShould: false,
      only: null,
      options: { timeoutMs: 10000, maxOutputBytes: 1048576, payload: 'any-json', maxSubmits: null, concurrency: 2, pollBudget: 8 },
    },
    replayCommand: (replay) => `npx adapter-qualify run adapter.json --only '^${replay.testName}$' --seed ${replay.seed}`,
    ...overrides,
  };
}
