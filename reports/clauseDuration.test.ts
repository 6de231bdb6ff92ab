import { describe, expect, it } from 'vitest';
import { buildReport } from './buildReport.js';
import { QualifyReporter, type ReportedTestCase } from './QualifyReporter.js';
import { renderJunit } from './renderJunit.js';
import { validateReport } from './validateReport.js';
import { evidence, meta, reportInput } from './__test-helpers__/reportFixtures.js';

// Per-clause time: measured by vitest per test, summed over the tests whose name declares the clause.

function timedCase(qualify: unknown, duration: number | undefined): ReportedTestCase {
  return {
    fullName: 'x',
    result: () => ({ state: 'passed', errors: undefined }),
    meta: () => ({ qualify }) as ReturnType<ReportedTestCase['meta']>,
    diagnostic: () => (duration === undefined ? undefined : ({ duration } as ReturnType<NonNullable<ReportedTestCase['diagnostic']>>)),
  };
}

describe('per-clause duration', () => {
  it('the reporter adds each test’s rounded duration to its meta, and nothing when vitest gave none', () => {
    const reporter = new QualifyReporter();
    const a = meta('REQ-CLOSED: t', evidence('REQ-CLOSED', { cases: 1 }));
    reporter.onTestCaseResult(timedCase(a, 1234.6));
    reporter.onTestCaseResult(timedCase(a, undefined));
    expect(reporter.collected().metas.map((entry) => entry.durationMs)).toEqual([1235, undefined]);
  });

  it('sums the tests that declare a clause, not those whose calls merely fed it, and JUnit shows seconds per case', () => {
    const closed = { ...meta('REQ-CLOSED: a', evidence('REQ-CLOSED', { cases: 1 }), evidence('OUT-JSON', { cases: 1 })), durationMs: 1500 };
    const again = { ...meta('REQ-CLOSED: b', evidence('REQ-CLOSED', { cases: 1 })), durationMs: 250 };
    const report = buildReport(reportInput({ metas: [closed, again] }));
    validateReport(report);
    const entry = (id: string) => report.clauses.find((candidate) => candidate.id === id);
    expect(entry('REQ-CLOSED')?.durationMs).toBe(1750);
    expect(entry('OUT-JSON')?.durationMs).toBeUndefined();
    const junit = renderJunit(report);
    expect(junit).toMatch(/<testcase classname="REQ" name="REQ-CLOSED [^"]*" time="1\.75"/);
    expect(junit).toMatch(/<testcase classname="OUT" name="OUT-JSON [^"]*" time="0"/);
  });
});
