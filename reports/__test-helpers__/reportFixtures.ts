import type { ClauseId } from '../../harness/clauses.js';
import type { CallExcerpt, ClauseEvidence, Counterexample, QualifyTestMeta, RecordedViolation, ReplayHandle } from '../../harness/evidence/types.js';
import { type BuildReportInput, buildReport } from '../buildReport.js';
import type { AcceptanceReport } from '../types.js';

/** A call excerpt whose stdout carries hostile text (markup, control characters, a fence). */
export function hostileCall(overrides: Partial<CallExcerpt> = {}): CallExcerpt {
  return {
    callId: 'call-1',
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

/** A REQ-CLOSED test that failed with one violation, replayable by its name (and `path`, when given). */
function closedFieldFailure(cases: number, violation: RecordedViolation, path?: string): QualifyTestMeta {
  const testName = 'REQ-CLOSED: refuses unknown fields';
  return meta(testName, evidence('REQ-CLOSED', { cases, violations: [violation], replay: handle(testName, path) }));
}

/**
 * A small report with one of everything: a MUST FAIL with a hostile
 * counterexample, a PASS, an INCONCLUSIVE, a not-applicable SKIP and a suite error.
 */
export function smallReport(): AcceptanceReport {
  return buildReport(
    reportInput({
      metas: [
        closedFieldFailure(4, { message: 'admitted <unknown> field | "retry"\u001b[2J', counterexample: counterexample() }, '2:0'),
        meta('OUT: every outcome', evidence('OUT-JSON', { cases: 12 })),
        meta('SEM: fresh', evidence('SEM-OBSERVE-FRESH', { inconclusive: 'never reached terminal in the poll budget' })),
        meta('SEM: broken test', evidence('SEM-REVISION-MONOTONIC', { cases: 1 })),
      ],
      failedTests: [{ testName: 'SEM: broken test', error: 'TypeError: x is undefined' }],
      notApplicable: { 'SDK-CANCEL': 'applies to SDK transports' },
    }),
  );
}

/** Text that would run script, load an image or break out of markup if it were not escaped. */
export const HOSTILE_MARKUP = '</script><script>window.__pwned=1</script><img src="http://127.0.0.1:9/x.png" onerror="window.__pwned=2"><a href="javascript:window.__pwned=3">x</a>"\'&amp;';

/** Control characters, a bidi override and lone surrogates. */
export const HOSTILE_CHARACTERS = 'bell\u0007 esc\u001b[2J nul\u0000 rlo\u202E lone-high\uD800 lone-low\uDC00 end';

/** More than a megabyte of adapter output. */
export const HUGE = `${'A'.repeat(1_048_576)}TAIL-NEVER-SHOWN`;

/** The replay command the hostile failure carries. */
export const HOSTILE_REPLAY = "npx adapter-qualify run adapter.json --only '^REQ-CLOSED: refuses unknown fields$' --seed 42";

/**
 * A report whose adapter-controlled text is as hostile as it gets: markup,
 * control characters, lone surrogates and a 1 MiB string in the reason, the
 * counterexample, the stdout excerpt and a suite error. REQ-CLOSED FAILs.
 */
export function hostileReport(): AcceptanceReport {
  const hostile = `${HOSTILE_MARKUP} ${HOSTILE_CHARACTERS}`;
  return buildReport(
    reportInput({
      metas: [
        closedFieldFailure(3, {
          message: `admitted ${hostile} ${HUGE}`,
          counterexample: {
            description: `${hostile} ${HUGE}`,
            calls: [hostileCall({ stdout: `${hostile}\n${HUGE}`, stdoutBytes: 2_000_000 }), ...counterexample().calls],
          },
        }),
        meta('OUT: every outcome', evidence('OUT-JSON', { cases: 12 })),
        meta('SEM: fresh', evidence('SEM-OBSERVE-FRESH', { inconclusive: `never reached terminal ${hostile}` })),
      ],
      unhandledErrors: [`Error: ${hostile} ${HUGE}`],
      notApplicable: { 'SDK-CANCEL': 'applies to SDK transports' },
    }),
  );
}
