import { describe, expect, it } from 'vitest';
import { adapterManifestClauses, codingOperationClauses } from '../harness/clauses.js';
import schema from './report.schema.json' with { type: 'json' };
import { buildReport } from './buildReport.js';
import { ReportSchemaError } from './ReportSchemaError.js';
import { reportSchemaErrors, validateReport } from './validateReport.js';
import { counterexample, evidence, handle, meta, reportInput } from './__test-helpers__/reportFixtures.js';

const failing = buildReport(
  reportInput({
    metas: [
      meta('REQ-CLOSED: t', evidence('REQ-CLOSED', { cases: 2, violations: [{ message: 'admitted', counterexample: counterexample() }], replay: handle('REQ-CLOSED: t', '1:0') })),
      meta('OUT: t', evidence('OUT-JSON', { cases: 9 }), evidence('SEM-OBSERVE-FRESH', { inconclusive: 'never answered' })),
    ],
    failedTests: [{ testName: 'SEM: x', error: 'threw' }],
  }),
);

describe('validateReport', () => {
  it('accepts built reports of both profiles, failing or not', () => {
    expect(reportSchemaErrors(failing)).toEqual([]);
    expect(() => validateReport(failing)).not.toThrow();
    const manifest = buildReport(reportInput({ profile: 'adapter-manifest.v1', subject: { config: { any: ['json'] }, executableSha256: null, argvFileSha256s: [], authorityId: null } }));
    expect(reportSchemaErrors(manifest)).toEqual([]);
  });

  it('survives a JSON round trip (what is written is what validates)', () => {
    expect(reportSchemaErrors(JSON.parse(JSON.stringify(failing)))).toEqual([]);
  });

  it('rejects an unknown field anywhere, naming where', () => {
    expect(() => validateReport({ ...failing, extra: true })).toThrow(ReportSchemaError);
    const clauses = failing.clauses.map((clause, index) => (index === 3 ? { ...clause, note: 'x' } : clause));
    const errors = reportSchemaErrors({ ...failing, clauses });
    expect(errors.map((error) => [error.instancePath, error.keyword])).toContainEqual(['/clauses/3', 'additionalProperties']);
    expect(reportSchemaErrors({ ...failing, run: { ...failing.run, options: { ...failing.run.options, colour: 'red' } } })).not.toEqual([]);
  });

  it('rejects a PASS without cases, a SKIP without a reason, and a SKIP with a counterexample', () => {
    const withClause = (patch: Record<string, unknown>) => ({ ...failing, clauses: failing.clauses.map((clause, index) => (index === 0 ? { ...clause, ...patch } : clause)) });
    expect(reportSchemaErrors(JSON.parse(JSON.stringify(withClause({ verdict: 'PASS', cases: 0, reason: undefined }))))).not.toEqual([]);
    expect(reportSchemaErrors(JSON.parse(JSON.stringify(withClause({ verdict: 'PASS', cases: 1, reason: undefined }))))).toEqual([]);
    expect(reportSchemaErrors(JSON.parse(JSON.stringify(withClause({ verdict: 'SKIP', cases: 0, reason: undefined }))))).not.toEqual([]);
    expect(reportSchemaErrors(withClause({ verdict: 'SKIP', reason: 'r', counterexample: counterexample() }))).not.toEqual([]);
  });

  it('rejects a wrong schema version, a misspelled clause ID and a malformed digest', () => {
    expect(reportSchemaErrors({ ...failing, schemaVersion: 2 })).not.toEqual([]);
    expect(reportSchemaErrors({ ...failing, clauses: [{ ...failing.clauses[0], id: 'REQ-CLOSD' }] })).not.toEqual([]);
    expect(reportSchemaErrors({ ...failing, subject: { ...failing.subject, executableSha256: 'A'.repeat(64) } })).not.toEqual([]);
  });

  it('carries a ReportSchemaError with a literal name and the ajv errors', () => {
    try {
      validateReport({ ...failing, verdict: 'fine' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ReportSchemaError);
      const schemaError = error as ReportSchemaError;
      expect(schemaError.name).toBe('ReportSchemaError');
      expect(schemaError.errors[0]).toEqual(expect.objectContaining({ instancePath: '/verdict', keyword: 'enum' }));
      expect(schemaError.message).toContain('/verdict');
    }
  });

  it('lists exactly the registry clause IDs and families (the schema is data, kept in step)', () => {
    const all = [...codingOperationClauses, ...adapterManifestClauses];
    expect(schema.definitions.clauseId.enum).toEqual(all.map((definition) => definition.id));
    expect(schema.definitions.family.enum).toEqual([...new Set(all.map((definition) => definition.family))]);
  });
});
