import { describe, expect, it, test } from 'vitest';
import { evidence, meta, reportInput } from './__test-helpers__/reportFixtures.js';
import { buildReport } from './buildReport.js';
import type { ClauseVerdict } from './types.js';
import { codingOperationClauses, type ClauseId } from '../harness/clauses.js';
import { evaluateBaseline, renderExpectedFailures } from './evaluateBaseline.js';
import { parseExpectedFailures } from '../harness/baseline/expectedFailures.js';

const clauses: { id: ClauseId; verdict: ClauseVerdict }[] = [
  { id: 'OUT-CLOSED', verdict: 'FAIL' },
  { id: 'REQ-CLOSED', verdict: 'PASS' },
  { id: 'SEM-DURABLE-RESTART', verdict: 'SKIP' },
  { id: 'SEM-OBSERVE-FRESH', verdict: 'INCONCLUSIVE' },
  { id: 'OUT-JSON', verdict: 'FAIL' },
];

describe('evaluateBaseline', () => {
  test('a whole run: listed FAIL expected, listed PASS stale, listed SKIP/INCONCLUSIVE unconfirmed, unlisted untouched', () => {
    const result = evaluateBaseline(clauses, ['OUT-CLOSED', 'REQ-CLOSED', 'SEM-DURABLE-RESTART', 'SEM-OBSERVE-FRESH'], 'full');
    expect(Object.fromEntries(result.statuses)).toEqual({
      'OUT-CLOSED': 'expected-failure',
      'REQ-CLOSED': 'stale-baseline',
      'SEM-DURABLE-RESTART': 'unconfirmed',
      'SEM-OBSERVE-FRESH': 'unconfirmed',
    });
    expect(result.stale).toEqual(['REQ-CLOSED']);
  });

  test('a shard never calls an entry stale: another shard may hold the failure', () => {
    const result = evaluateBaseline(clauses, ['OUT-CLOSED', 'REQ-CLOSED'], 'shard');
    expect(Object.fromEntries(result.statuses)).toEqual({ 'OUT-CLOSED': 'expected-failure', 'REQ-CLOSED': 'unconfirmed' });
    expect(result.stale).toEqual([]);
  });
});

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
