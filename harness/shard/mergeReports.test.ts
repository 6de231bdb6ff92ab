import { describe, expect, test } from 'vitest';
import type { ExpectedFailures } from '../baseline/expectedFailures.js';
import type { QualifyTestMeta } from '../evidence/types.js';
import { replayKey, SHARD_EVIDENCE_FORMAT } from './shardEvidence.js';
import { counterexample, evidence, handle, meta, reportInput } from '../../reports/__test-helpers__/reportFixtures.js';
import { buildReport, type BuildReportInput } from '../../reports/buildReport.js';
import { mergeReports, type ShardReport } from './mergeReports.js';

// OUT-CLOSED gets evidence from two tests in different shards: a merge must add them up, not pick one.
const metas: QualifyTestMeta[] = [
  meta('REQ-CLOSED: refuses', evidence('REQ-CLOSED', { cases: 4, replay: handle('REQ-CLOSED: refuses') }), evidence('OUT-CLOSED', { cases: 5 })),
  meta(
    'SEM-TERMINAL-IMMUTABLE: stays',
    evidence('SEM-TERMINAL-IMMUTABLE', {
      cases: 2,
      violations: [{ message: 'terminal changed', counterexample: counterexample() }],
      replay: handle('SEM-TERMINAL-IMMUTABLE: stays', '0/2:1'),
    }),
    evidence('OUT-CLOSED', { cases: 7 }),
  ),
  meta('SEM-OBSERVE-FRESH: fresh', evidence('SEM-OBSERVE-FRESH', { inconclusive: 'the adapter never admitted' })),
];

function shardOf(index: number, count: number, own: QualifyTestMeta[], overrides: Partial<BuildReportInput> = {}): ShardReport {
  const input = reportInput({ metas: own, shard: { index, count }, ...overrides });
  const replays: Record<string, string> = {};
  for (const entry of own.flatMap((m) => m.evidence)) if (entry.replay !== undefined) replays[replayKey(entry.replay)] = input.replayCommand(entry.replay);
  return {
    dir: `/reports/shard-${index}`,
    report: buildReport(input),
    evidence: { format: SHARD_EVIDENCE_FORMAT, profile: input.profile, metas: own, failedTests: [], unhandledErrors: [], filteredOut: false, notApplicable: {}, replays },
  };
}

const [m1, m2, m3] = metas as [QualifyTestMeta, QualifyTestMeta, QualifyTestMeta];

describe('mergeReports', () => {
  test('rebuilds the clause table of the unsharded run: verdicts, cases summed across shards, counterexample and replay', () => {
    const whole = buildReport(reportInput({ metas }));
    const merged = mergeReports([shardOf(3, 3, [m3]), shardOf(1, 3, [m1]), shardOf(2, 3, [m2])]);
    expect(merged.clauses).toEqual(whole.clauses);
    expect(merged.clauses.find((entry) => entry.id === 'OUT-CLOSED')?.cases).toBe(12);
    expect([merged.verdict, merged.exitCode, merged.summary]).toEqual([whole.verdict, whole.exitCode, whole.summary]);
    expect(merged.run.shard).toBeUndefined();
  });

  test('judges the recorded baseline on the whole run: a stale entry only a merge can see fails it', () => {
    const expected: ExpectedFailures = { file: '/ci/b.yaml', sha256: 'd'.repeat(64), entries: ['SEM-TERMINAL-IMMUTABLE', 'OUT-CLOSED'] };
    const shards = [shardOf(1, 2, [m1], { expectedFailures: expected }), shardOf(2, 2, [m2, m3], { expectedFailures: expected })];
    expect(shards.map((shard) => shard.report.exitCode)).toEqual([0, 0]);
    const merged = mergeReports(shards);
    expect(merged.clauses.find((entry) => entry.id === 'OUT-CLOSED')?.baseline).toBe('stale-baseline');
    expect(merged.clauses.find((entry) => entry.id === 'SEM-TERMINAL-IMMUTABLE')?.baseline).toBe('expected-failure');
    expect(merged.exitCode).toBe(1);
  });

  test('spans the shards in time', () => {
    const late = shardOf(2, 2, [m2], { run: { ...reportInput().run, startedAt: '2025-01-01T00:00:05.000Z', finishedAt: '2025-01-01T00:09:00.000Z' } });
    const merged = mergeReports([shardOf(1, 2, [m1]), late]);
    expect([merged.run.startedAt, merged.run.finishedAt]).toEqual(['2025-01-01T00:00:00.000Z', '2025-01-01T00:09:00.000Z']);
  });

  test.each([
    ['no shard', [], 'merge: no shard report directories given'],
    ['a missing shard', [shardOf(1, 3, [m1]), shardOf(3, 3, [m3])], 'merge: missing shard 2/3'],
    ['a shard twice', [shardOf(1, 2, [m1]), shardOf(1, 2, [m1]), shardOf(2, 2, [m2])], 'merge: shard 1/2 given twice (/reports/shard-1, /reports/shard-1)'],
    ['another count', [shardOf(1, 2, [m1]), shardOf(2, 3, [m2])], 'merge: /reports/shard-2 is shard 2/3, but /reports/shard-1 is one of 2'],
    ['another seed', [shardOf(1, 2, [m1]), shardOf(2, 2, [m2], { run: { ...reportInput().run, seed: 7 } })], 'their seed differs'],
    ['another subject', [shardOf(1, 2, [m1]), shardOf(2, 2, [m2], { subject: { ...reportInput().subject, executableSha256: 'e'.repeat(64) } })], 'their subject differs'],
    ['another suite version', [shardOf(1, 2, [m1]), shardOf(2, 2, [m2], { suite: { name: 'adapter-qualify', version: '0.2.0' } })], 'their suite differs'],
  ] as const)('refuses %s with a usage error', (_what, shards, message) => {
    expect(() => mergeReports(shards)).toThrow(expect.objectContaining({ name: 'UsageError', message: expect.stringContaining(message) }));
  });

  test('refuses a whole-run report', () => {
    const whole: ShardReport = { ...shardOf(1, 1, [m1]), report: buildReport(reportInput({ metas: [m1] })) };
    expect(() => mergeReports([whole])).toThrow('is not a shard report');
  });
});
