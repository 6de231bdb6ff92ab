import { describe, expect, it } from 'vitest';
import type { ClauseId } from '../harness/clauses.js';
import { evidence, handle, meta, reportInput } from './__test-helpers__/reportFixtures.js';
import { buildReport } from './buildReport.js';
import { renderJunit } from './renderJunit.js';

// junit.xml and the exit code must tell a CI system the same story.
const failing = meta('OUT-CLOSED: closed', evidence('OUT-CLOSED', { cases: 3, violations: [{ message: 'extra field' }], replay: handle('OUT-CLOSED: closed', '0/1') }));
const passing = meta('REQ-CLOSED: refuses', evidence('REQ-CLOSED', { cases: 4 }));
const baseline = (...entries: ClauseId[]) => ({ file: '/ci/expected-failures.yaml', sha256: 'c'.repeat(64), entries });
const failureCount = (xml: string): number => Number(/<testsuite [^>]*failures="(\d+)"/.exec(xml)?.[1]);
const caseOf = (xml: string, id: string): string => xml.split('<testcase ').find((part) => part.includes(`name="${id} `)) ?? '';

describe('renderJunit agrees with the exit code', () => {
  it('an unlisted MUST FAIL is a <failure>; listed in the baseline it is skipped, saying why, and the run passes', () => {
    const red = buildReport(reportInput({ metas: [failing, passing] }));
    expect([red.exitCode, failureCount(renderJunit(red))]).toEqual([1, 1]);
    const listed = buildReport(reportInput({ metas: [failing, passing], expectedFailures: baseline('OUT-CLOSED') }));
    const xml = renderJunit(listed);
    expect([listed.exitCode, failureCount(xml)]).toEqual([0, 0]);
    expect(caseOf(xml, 'OUT-CLOSED')).toMatch(/<skipped message="expected failure: listed in --expected-failures, so it does not fail the run: extra field"/);
  });

  it('a stale baseline entry and, with --strict, an open MUST clause are <failure>s, as they fail the run', () => {
    const stale = buildReport(reportInput({ metas: [passing], expectedFailures: baseline('REQ-CLOSED') }));
    expect(stale.exitCode).toBe(1);
    expect(caseOf(renderJunit(stale), 'REQ-CLOSED')).toContain('<failure message="stale baseline entry');
    const input = reportInput({ metas: [passing] });
    const strict = buildReport({ ...input, run: { ...input.run, strict: true } });
    const xml = renderJunit(strict);
    expect(strict.exitCode).toBe(1);
    expect(failureCount(xml)).toBeGreaterThan(0);
    expect(caseOf(xml, 'SEM-OBSERVE-FRESH')).toContain('<failure message="--strict: no evidence (SKIP): ');
    expect(failureCount(renderJunit(buildReport(input)))).toBe(0);
  });
});
