import { describe, expect, test } from 'vitest';
import type { ExpectedFailures } from '../harness/baseline/expectedFailures.js';
import type { ClauseId } from '../harness/clauses.js';
import { evidence, handle, meta, reportInput } from './__test-helpers__/reportFixtures.js';
import { buildReport } from './buildReport.js';
import { validateReport } from './validateReport.js';

const failing = meta('OUT-CLOSED: closed', evidence('OUT-CLOSED', { cases: 3, violations: [{ message: 'extra field' }], replay: handle('OUT-CLOSED: closed', '0/1') }));
const passing = meta('REQ-CLOSED: refuses', evidence('REQ-CLOSED', { cases: 4 }));

function baseline(...entries: ClauseId[]): ExpectedFailures {
  return { file: '/ci/expected-failures.yaml', sha256: 'c'.repeat(64), entries };
}

function statusOf(report: ReturnType<typeof buildReport>, id: ClauseId): string | undefined {
  return report.clauses.find((entry) => entry.id === id)?.baseline;
}

describe('buildReport with --expected-failures', () => {
  test('control: an unlisted MUST FAIL fails the run', () => {
    const report = buildReport(reportInput({ metas: [failing, passing], expectedFailures: baseline() }));
    expect(report.exitCode).toBe(1);
    expect(report.clauses.some((entry) => entry.baseline !== undefined)).toBe(false);
  });

  test('a listed FAIL does not fail the run, but the verdict stays what the evidence says; the baseline is recorded', () => {
    const report = buildReport(reportInput({ metas: [failing, passing], expectedFailures: baseline('OUT-CLOSED') }));
    expect(report.exitCode).toBe(0);
    expect(report.verdict).toBe('non-conformant');
    expect(statusOf(report, 'OUT-CLOSED')).toBe('expected-failure');
    expect(report.baseline).toEqual(baseline('OUT-CLOSED'));
    validateReport(report);
  });

  test('a listed clause that now PASSes is a stale entry and fails the run', () => {
    const report = buildReport(reportInput({ metas: [failing, passing], expectedFailures: baseline('OUT-CLOSED', 'REQ-CLOSED') }));
    expect(report.exitCode).toBe(1);
    expect(statusOf(report, 'REQ-CLOSED')).toBe('stale-baseline');
    validateReport(report);
  });

  test('a listed SKIP proves nothing: reported unconfirmed, not failing, and excused from --strict', () => {
    const listedSkip = buildReport(reportInput({ metas: [passing], expectedFailures: baseline('SEM-DURABLE-RESTART') }));
    expect(statusOf(listedSkip, 'SEM-DURABLE-RESTART')).toBe('unconfirmed');
    expect(listedSkip.exitCode).toBe(0);
    // Everything but REQ-CLOSED is SKIP here; listing all of them satisfies --strict, listing all but one does not.
    const skipped = listedSkip.clauses.filter((entry) => entry.level === 'MUST' && entry.verdict === 'SKIP').map((entry) => entry.id);
    const strictRun = (entries: ClauseId[]) => buildReport(reportInput({ metas: [passing], expectedFailures: baseline(...entries), run: { ...reportInput().run, strict: true } })).exitCode;
    expect(strictRun(skipped)).toBe(0);
    expect(strictRun(skipped.slice(1))).toBe(1);
  });
});

describe('buildReport of a shard', () => {
  const shard = { index: 2, count: 3 };

  test('records its slice and the clauses it gathered evidence for; the others are SKIP, in another shard', () => {
    const report = buildReport(reportInput({ metas: [passing], shard }));
    expect(report.run.shard).toEqual({ index: 2, count: 3, clauses: ['REQ-CLOSED'] });
    const other = report.clauses.find((entry) => entry.id === 'OUT-CLOSED');
    expect(other).toMatchObject({ verdict: 'SKIP', reason: 'in another shard (not exercised in shard 2/3)' });
    validateReport(report);
  });

  test('is never conformant, leaves --strict and stale entries to the merge, but still fails on an unlisted FAIL', () => {
    const strict = { ...reportInput().run, strict: true };
    const quiet = buildReport(reportInput({ metas: [passing], shard, run: strict, expectedFailures: baseline('REQ-CLOSED') }));
    expect(quiet.verdict).toBe('incomplete');
    expect(quiet.exitCode).toBe(0);
    expect(statusOf(quiet, 'REQ-CLOSED')).toBe('unconfirmed');
    expect(buildReport(reportInput({ metas: [failing], shard })).exitCode).toBe(1);
  });
});
