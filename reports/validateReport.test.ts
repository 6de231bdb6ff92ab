import { describe, expect, it } from 'vitest';
import { adapterManifestClauses, codingOperationClauses } from '../harness/clauses.js';
import { acpClauses } from '../harness/acp/acpClauses.js';
import schema from './report.schema.json' with { type: 'json' };
import { buildReport } from './buildReport.js';
import { ReportSchemaError, reportSchemaErrors, validateReport } from './validateReport.js';
import { counterexample, evidence, handle, meta, reportInput } from './__test-helpers__/reportFixtures.js';
import { CLAUSE_VERDICTS, OVERALL_VERDICTS, REPORT_EXIT_CODES, type ClauseReport } from './types.js';

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

  it('holds each verdict to its own fields: no PASS with a reason or a replay, no FAIL without a reason or with half a replay, not-applicable only on a SKIP', () => {
    const failIndex = failing.clauses.findIndex((clause) => clause.verdict === 'FAIL');
    const fail = failing.clauses[failIndex];
    expect(fail).toMatchObject({ verdict: 'FAIL', replay: expect.any(String), seed: 42, path: '1:0' });
    const withFail = (patch: Record<string, unknown>) =>
      JSON.parse(JSON.stringify({ ...failing, clauses: failing.clauses.map((clause, index) => (index === failIndex ? { ...clause, ...patch } : clause)) })) as unknown;
    expect(reportSchemaErrors(withFail({}))).toEqual([]);
    // A FAIL whose test recorded no replay handle is honest without one.
    expect(reportSchemaErrors(withFail({ replay: undefined, seed: undefined, path: undefined }))).toEqual([]);
    expect(reportSchemaErrors(withFail({ counterexample: undefined }))).toEqual([]);
    expect(reportSchemaErrors(withFail({ reason: undefined }))).not.toEqual([]);
    expect(reportSchemaErrors(withFail({ seed: undefined }))).not.toEqual([]);
    expect(reportSchemaErrors(withFail({ replay: undefined }))).not.toEqual([]);
    expect(reportSchemaErrors(withFail({ replay: undefined, seed: undefined }))).not.toEqual([]);
    expect(reportSchemaErrors(withFail({ applicable: false }))).not.toEqual([]);
    expect(reportSchemaErrors(withFail({ verdict: 'PASS', reason: undefined }))).not.toEqual([]);
    expect(reportSchemaErrors(withFail({ verdict: 'PASS', reason: undefined, counterexample: undefined }))).not.toEqual([]);
    expect(reportSchemaErrors(withFail({ verdict: 'PASS', reason: undefined, counterexample: undefined, replay: undefined, seed: undefined, path: undefined }))).toEqual([]);
    expect(reportSchemaErrors(withFail({ verdict: 'PASS', reason: 'held', counterexample: undefined, replay: undefined, seed: undefined, path: undefined }))).not.toEqual([]);
    expect(reportSchemaErrors(withFail({ verdict: 'INCONCLUSIVE', counterexample: undefined, replay: undefined, seed: undefined, path: undefined }))).toEqual([]);
    expect(reportSchemaErrors(withFail({ verdict: 'INCONCLUSIVE', counterexample: undefined, replay: undefined, seed: undefined, path: undefined, applicable: false }))).not.toEqual([]);
    expect(reportSchemaErrors(withFail({ verdict: 'SKIP', counterexample: undefined, replay: undefined, seed: undefined, path: undefined, applicable: false }))).toEqual([]);
    expect(reportSchemaErrors(withFail({ verdict: 'SKIP', counterexample: undefined, seed: undefined, path: undefined }))).not.toEqual([]);
  });

  it('types the same rules: what ClauseReport refuses to compile, the schema refuses to validate', () => {
    const base = { id: 'OUT-JSON', level: 'MUST', family: 'OUT', summary: 'prints one JSON object' } as const;
    const withClause = (clause: unknown) => ({ ...failing, clauses: [...failing.clauses.filter((entry) => entry.id !== 'OUT-JSON'), clause] });
    const allowed: ClauseReport[] = [
      { ...base, verdict: 'PASS', cases: 3 },
      { ...base, verdict: 'FAIL', cases: 1, reason: 'two objects', replay: 'npx adapter-qualify run …', seed: 7 },
      { ...base, verdict: 'FAIL', cases: 1, reason: 'two objects' },
      { ...base, verdict: 'SKIP', cases: 0, reason: 'not for an SDK', applicable: false },
      { ...base, verdict: 'INCONCLUSIVE', cases: 0, reason: 'never answered' },
    ];
    for (const clause of allowed) expect(reportSchemaErrors(withClause(clause)), clause.verdict).toEqual([]);
    const refused = [
      // @ts-expect-error a PASS says no reason
      { ...base, verdict: 'PASS', cases: 3, reason: 'held' } satisfies ClauseReport,
      // @ts-expect-error a SKIP carries no replay
      { ...base, verdict: 'SKIP', cases: 0, reason: 'r', replay: 'x', seed: 1 } satisfies ClauseReport,
      // @ts-expect-error only a SKIP is not applicable
      { ...base, verdict: 'INCONCLUSIVE', cases: 0, reason: 'r', applicable: false } satisfies ClauseReport,
      // @ts-expect-error a FAIL says why
      { ...base, verdict: 'FAIL', cases: 1 } satisfies ClauseReport,
    ];
    for (const clause of refused) expect(reportSchemaErrors(withClause(clause)), clause.verdict).not.toEqual([]);
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
    const all: readonly { readonly id: string; readonly family: string }[] = [...codingOperationClauses, ...adapterManifestClauses, ...acpClauses];
    expect(schema.definitions.clauseId.enum).toEqual(all.map((definition) => definition.id));
    expect(schema.definitions.family.enum).toEqual([...new Set(all.map((definition) => definition.family))]);
    expect(schema.definitions.clauseVerdict.enum).toEqual([...CLAUSE_VERDICTS]);
    expect(schema.definitions.clause.oneOf.map((branch) => branch.properties.verdict.const)).toEqual([...CLAUSE_VERDICTS]);
    expect(schema.properties.verdict.enum).toEqual([...OVERALL_VERDICTS]);
    expect(schema.properties.exitCode.enum).toEqual([...REPORT_EXIT_CODES]);
  });
});
