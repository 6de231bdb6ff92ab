import { describe, expect, it } from 'vitest';
import { buildReport } from '../../reports/buildReport.js';
import type { ReportSubject } from '../../reports/types.js';
import { runOptionsOf } from '../__test-helpers__/validRunInputs.js';
import { notApplicableClauses } from '../notApplicableClauses.js';
import type { QualifyTestMeta } from '../evidence/types.js';
import type { SandboxRecord } from '../transport/sandbox/openRunSandbox.js';
import { codingOperationReportInput, type RunFacts } from './reportInput.js';
import { replayCommand } from './replayCommand.js';

const subject: ReportSubject = { config: { executable: '/usr/bin/true' }, executableSha256: null, argvFileSha256s: [], authorityId: 'ledger-a1' };
const startedAt = new Date('2026-12-05T01:00:00.000Z');
const finishedAt = new Date('2026-12-05T01:02:03.000Z');

const meta: QualifyTestMeta = {
  testName: 'REQ-CLOSED: refuses an unknown field',
  clauses: ['REQ-CLOSED'],
  evidence: [{ clauseId: 'REQ-CLOSED', cases: 3, violations: [], replay: { testName: 'REQ-CLOSED: refuses an unknown field', seed: 7 } }],
};

function facts(overrides: Partial<RunFacts> = {}): RunFacts {
  return {
    options: runOptionsOf(),
    startedAt,
    finishedAt,
    subject,
    evidence: { excluded: {}, stoppedAtMaxFailures: false },
    finished: {
      collected: { metas: [meta], failedTests: [], unhandledErrors: ['a worker error'] },
      transcriptErrors: [],
      sweep: { containment: 'subreaper-launcher', killed: 2 },
      sandbox: undefined,
      transcript: undefined,
    },
    signal: null,
    ...overrides,
  };
}

describe('codingOperationReportInput', () => {
  it("records a command run's options, times and containment, with the evidence as collected", () => {
    const options = runOptionsOf({ only: '^REQ-', strict: true });
    const input = codingOperationReportInput(facts({ options }));
    expect(input.profile).toBe('coding-operation.v1');
    expect(input.metas).toEqual([meta]);
    expect(input.unhandledErrors).toEqual(['a worker error']);
    expect(input.filteredOut).toBe(true);
    expect(input.notApplicable).toEqual(notApplicableClauses('command'));
    expect(input.subject).toBe(subject);
    expect(input.run).toEqual({
      seed: options.seed,
      runs: options.runs,
      startedAt: '2026-12-05T01:00:00.000Z',
      finishedAt: '2026-12-05T01:02:03.000Z',
      strict: true,
      strictShould: false,
      only: '^REQ-',
      options: {
        timeoutMs: options.timeoutMs,
        maxOutputBytes: options.maxOutputBytes,
        payload: options.payload.kind,
        maxSubmits: null,
        concurrency: options.concurrency,
        pollBudget: options.pollBudget,
        settleMs: options.settleMs,
      },
      containment: { environment: 'scrubbed', passedEnv: options.adapterEnvironment.passNames, processAccounting: 'subreaper-launcher', survivorsKilled: 2 },
    });
    expect('stoppedEarly' in input).toBe(false);
    const handle = { testName: meta.testName, seed: 7 };
    expect(input.replayCommand(handle)).toBe(replayCommand(handle, options));
    // The input is a whole report's: it builds, and the report keeps the run block.
    expect(buildReport(input).run).toEqual(input.run);
  });

  it('says why an interrupted or cut-short run judged less, and that the transcript was lost', () => {
    const sandbox = { mechanism: 'none', disabled: true } as unknown as SandboxRecord;
    const base = facts();
    const input = codingOperationReportInput({
      ...base,
      options: runOptionsOf({ maxFailures: 1, hideNotApplicable: true }),
      evidence: { excluded: { 'REQ-CLOSED': 'only excluded tests decide it' }, stoppedAtMaxFailures: true },
      finished: { ...base.finished, transcriptErrors: ['transcript.jsonl could not be written: disk full'], sandbox },
      signal: 'SIGTERM',
    });
    expect(input.unhandledErrors).toEqual(['a worker error', 'transcript.jsonl could not be written: disk full']);
    expect(input.stoppedEarly).toBe('the run stopped after 1 failing test (--max-failures)');
    expect(input.excluded).toEqual({ 'REQ-CLOSED': 'only excluded tests decide it' });
    expect(input.run.interrupted).toBe('SIGTERM');
    expect(input.run.sandbox).toBe(sandbox);
    expect(input.run.options).toMatchObject({ maxFailures: 1, hideNotApplicable: true });
  });

  it('records no containment for an SDK module, which starts no process', () => {
    const options = runOptionsOf({ subject: { kind: 'sdk', modulePath: '/work/adapter/sdk.mjs', authorityId: 'ledger-a1' } });
    const input = codingOperationReportInput(facts({ options }));
    expect(input.run.containment).toBeUndefined();
    expect(input.notApplicable).toEqual(notApplicableClauses('sdk'));
  });
});
