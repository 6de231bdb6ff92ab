import { describe, expect, it } from 'vitest';
import { codingOperationClauses } from '../harness/clauses.js';
import { buildReport } from './buildReport.js';
import { evidence, meta, reportInput } from './__test-helpers__/reportFixtures.js';
import { renderHtml } from './renderHtml.js';
import { renderMarkdown } from './renderMarkdown.js';
import { renderSummary } from './renderSummary.js';
import { validateReport } from './validateReport.js';

const everyClausePasses = meta('all', ...codingOperationClauses.map((definition) => evidence(definition.id, { cases: 1 })));
const change = { path: '/opt/adapter', sha256Before: 'a'.repeat(64), sha256After: 'c'.repeat(64) };

describe('a subject whose executable changed during the run', () => {
  it('voids the verdict: every clause PASSed, yet never conformant, exit 1, with both digests in every rendering', () => {
    const control = buildReport(reportInput({ metas: [everyClausePasses] }));
    expect([control.verdict, control.exitCode]).toEqual(['conformant', 0]);
    const input = reportInput({ metas: [everyClausePasses] });
    const report = buildReport({ ...input, subject: { ...input.subject, executableChanged: change } });
    validateReport(report);
    expect([report.verdict, report.exitCode]).toEqual(['incomplete', 1]);
    for (const rendered of [renderMarkdown(report), renderHtml(report), renderSummary(report, '/tmp/out')]) {
      expect(rendered).toContain(`the executable /opt/adapter CHANGED during the run (sha256 ${'a'.repeat(64)} before, ${'c'.repeat(64)} after)`);
    }
  });

  it('is refused by the schema without both digests', () => {
    const input = reportInput();
    const report = buildReport({ ...input, subject: { ...input.subject, executableChanged: { path: '/opt/adapter', sha256Before: 'a'.repeat(64) } as typeof change } });
    expect(() => validateReport(report)).toThrow();
  });
});
