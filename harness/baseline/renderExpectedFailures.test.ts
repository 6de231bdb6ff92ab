import { describe, expect, it } from 'vitest';
import { evidence, meta, reportInput } from '../../reports/__test-helpers__/reportFixtures.js';
import { buildReport } from '../../reports/buildReport.js';
import { codingOperationClauses } from '../clauses.js';
import { parseExpectedFailures } from './parseExpectedFailures.js';
import { renderExpectedFailures } from './renderExpectedFailures.js';

const ids = codingOperationClauses.map(({ id }) => id);

describe('renderExpectedFailures', () => {
  it('writes the FAILs as a list --expected-failures reads back, with which a rerun passes', () => {
    const failing = [meta('OUT-CLOSED: closed', evidence('OUT-CLOSED', { cases: 2, violations: [{ message: 'extra' }] })), meta('REQ-CLOSED: refuses', evidence('REQ-CLOSED', { cases: 2 }))];
    const report = buildReport(reportInput({ metas: failing }));
    expect(report.exitCode).toBe(1);
    const text = renderExpectedFailures(report);
    const entries = parseExpectedFailures(text, 'baseline.yaml', ids);
    expect(entries).toEqual(['OUT-CLOSED']);
    expect(buildReport(reportInput({ metas: failing, expectedFailures: { file: 'baseline.yaml', sha256: 'c'.repeat(64), entries } })).exitCode).toBe(0);
  });

  it('a run with no FAIL writes an empty list', () => {
    const text = renderExpectedFailures(buildReport(reportInput({ metas: [meta('REQ-CLOSED: refuses', evidence('REQ-CLOSED', { cases: 2 }))] })));
    expect(parseExpectedFailures(text, 'baseline.yaml', ids)).toEqual([]);
  });
});
