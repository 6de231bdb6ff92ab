import { describe, expect, it } from 'vitest';
import type { AcpEvidence } from '../../harness/acp/AcpCase.js';
import { reportSchemaErrors } from '../validateReport.js';
import { buildAcpReport, TURN_CLAUSE_REASON, type BuildAcpReportInput } from './buildAcpReport.js';

function input(evidence: readonly AcpEvidence[], overrides: Partial<BuildAcpReportInput['run']> = {}): BuildAcpReportInput {
  return {
    evidence,
    suiteErrors: [],
    subject: { config: { profile: 'acp-agent.v1', executable: '/bin/agent' }, executableSha256: null, argvFileSha256s: [], authorityId: null },
    suite: { name: 'adapter-qualify', version: '0.0.0' },
    environment: { node: 'v20', platform: 'linux', arch: 'x64' },
    run: {
      seed: 7,
      runs: 4,
      startedAt: '2026-12-05T00:00:00.000Z',
      finishedAt: '2026-12-05T00:00:01.000Z',
      strict: false,
      strictShould: false,
      only: null,
      options: { timeoutMs: 30_000 },
      acp: {
        agentProcesses: 1,
        startupMs: 1,
        caseMs: 1,
        frameBytes: 1024,
        bootstrapTimeoutMs: 30_000,
        inactivityMs: 60_000,
        environment: ['HOME', 'TERM'],
        command: ['/bin/agent'],
        survivorsKilled: 0,
      },
      ...overrides,
    },
    filteredOut: false,
    replayCommand: (failure) => `npx adapter-qualify run agent.json --only '${failure.caseName}'${failure.property === undefined ? '' : ` --replay-path ${failure.property.path}`}`,
  };
}

const frame = { agent: 1, direction: 'agent→client' as const, index: 0, raw: 'Welcome!' };

describe('buildAcpReport', () => {
  it('a FAIL names the frame and carries a replay command; a MUST FAIL makes the run non-conformant (exit 1)', () => {
    const report = buildAcpReport(input([{ clauseId: 'ACP-FRM-STDOUT-PURE', status: 'fail', caseName: 'c', rule: 'a banner', frame }]));
    const entry = report.clauses.find((clause) => clause.id === 'ACP-FRM-STDOUT-PURE')!;
    expect(entry.verdict).toBe('FAIL');
    expect(entry.reason).toContain('agent 1, agent→client frame 0: `Welcome!`');
    expect(entry.replay).toContain("--only 'c'");
    expect(report).toMatchObject({ verdict: 'non-conformant', exitCode: 1, profile: 'acp-agent.v1' });
    expect(reportSchemaErrors(report)).toEqual([]);
  });

  it("a property's FAIL carries its shrunk case, the seed it failed with and its path, and the command replays that case", () => {
    const property = { seed: 99, path: '3:1:0', counterexample: 'request id -1 (a number)', smallest: true };
    const report = buildAcpReport(input([{ clauseId: 'ACP-ROB-ID-TYPES', status: 'fail', caseName: 'c', rule: 'typed', frame, property }]));
    const entry = report.clauses.find((clause) => clause.id === 'ACP-ROB-ID-TYPES')!;
    expect(entry).toMatchObject({ verdict: 'FAIL', seed: 99, path: '3:1:0', counterexample: { description: 'smallest failing case: request id -1 (a number)', calls: [] } });
    expect(entry.replay).toContain('--replay-path 3:1:0');
    expect(reportSchemaErrors(report)).toEqual([]);
    const fixed = buildAcpReport(input([{ clauseId: 'ACP-ROB-INVALID', status: 'fail', caseName: 'c', rule: 'no', frame: null }]));
    const plain = fixed.clauses.find((clause) => clause.id === 'ACP-ROB-INVALID')!;
    expect(plain).toMatchObject({ verdict: 'FAIL', seed: 7 });
    expect(plain).not.toHaveProperty('path');
    expect(plain).not.toHaveProperty('counterexample');
  });

  it('a SHOULD FAIL does not change the exit code without --strict-should', () => {
    const evidence: AcpEvidence[] = [{ clauseId: 'ACP-ROB-INVALID', status: 'fail', caseName: 'c', rule: 'no', frame: null }];
    expect(buildAcpReport(input(evidence)).exitCode).toBe(0);
    expect(buildAcpReport(input(evidence, { strictShould: true })).exitCode).toBe(1);
  });

  it('never passes a clause without a case; turn clauses say why they are open; not advertised is not applicable', () => {
    const report = buildAcpReport(input([{ clauseId: 'ACP-SESS-LOAD', status: 'not-applicable', caseName: 'c', reason: 'no loadSession' }]));
    expect(report.clauses.filter((clause) => clause.verdict === 'PASS')).toEqual([]);
    expect(report.clauses.find((clause) => clause.id === 'ACP-SESS-LOAD')).toMatchObject({ verdict: 'SKIP', applicable: false, level: 'MUST' });
    expect(report.clauses.find((clause) => clause.id === 'ACP-TURN-STOPREASON')).toMatchObject({ verdict: 'SKIP', reason: TURN_CLAUSE_REASON });
    expect(report.verdict).toBe('incomplete');
    expect(report.clauses).toHaveLength(57);
  });

  it('a suite error makes the exit code 3', () => {
    expect(buildAcpReport({ ...input([]), suiteErrors: ['case x: TypeError'] }).exitCode).toBe(3);
  });
});
