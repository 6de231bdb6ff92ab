import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codingOperationClauses, adapterManifestClauses, type ClauseId } from '../harness/clauses.js';
import { buildReport } from './buildReport.js';
import { reportSchemaErrors } from './validateReport.js';
import { counterexample, evidence, handle, meta, reportInput } from './__test-helpers__/reportFixtures.js';
import type { ClauseReport } from './types.js';

/** One test that exercised every clause of the profile with one case. */
const everyClausePasses = meta('all', ...codingOperationClauses.map((definition) => evidence(definition.id, { cases: 1 })));

function entry(clauses: readonly ClauseReport[], id: ClauseId): ClauseReport {
  const found = clauses.find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`no entry for ${id}`);
  return found;
}

describe('buildReport', () => {
  it('lists every clause of the profile exactly once, in catalog order, whatever was run', () => {
    const report = buildReport(reportInput({ metas: [meta('t', evidence('OUT-JSON', { cases: 3 }), evidence('REQ-CLOSED', { cases: 2 }))] }));
    expect(report.clauses.map((clause) => clause.id)).toEqual(codingOperationClauses.map((definition) => definition.id));
    const manifest = buildReport(reportInput({ profile: 'adapter-manifest.v1' }));
    expect(manifest.clauses.map((clause) => clause.id)).toEqual(adapterManifestClauses.map((definition) => definition.id));
  });

  it('is conformant with exit code 0 when every clause passed', () => {
    const report = buildReport(reportInput({ metas: [everyClausePasses] }));
    expect(report.verdict).toBe('conformant');
    expect(report.exitCode).toBe(0);
    expect(report.summary.must).toEqual({ pass: codingOperationClauses.filter((c) => c.level === 'MUST').length, fail: 0, skip: 0, inconclusive: 0 });
    expect(report.suiteErrors).toEqual([]);
  });

  it('merges the cases of every meta that mentions a clause', () => {
    const report = buildReport(reportInput({ metas: [meta('a', evidence('OUT-JSON', { cases: 3 })), meta('b', evidence('OUT-JSON', { cases: 4 }))] }));
    expect(entry(report.clauses, 'OUT-JSON')).toEqual(expect.objectContaining({ verdict: 'PASS', cases: 7 }));
    expect(entry(report.clauses, 'OUT-JSON').reason).toBeUndefined();
  });

  it('never passes a clause without cases, even when it was mentioned', () => {
    const report = buildReport(reportInput({ metas: [meta('a', evidence('REQ-CLOSED', { cases: 0 }))] }));
    const closed = entry(report.clauses, 'REQ-CLOSED');
    expect(closed.verdict).toBe('SKIP');
    expect(closed.reason).toBe('not exercised in this run');
    expect(report.clauses.some((clause) => clause.verdict === 'PASS' && clause.cases === 0)).toBe(false);
  });

  it('fails on any violation, with the first (shrunk) counterexample, its message and replay command', () => {
    const shrunk = counterexample('the shrunk one');
    const report = buildReport(
      reportInput({
        metas: [
          everyClausePasses,
          meta(
            'REQ-CLOSED: refuses unknown fields',
            evidence('REQ-CLOSED', {
              cases: 5,
              violations: [
                { message: 'admitted a request with field "retry"', counterexample: shrunk },
                { message: 'later, larger', counterexample: counterexample('larger') },
              ],
              replay: handle('REQ-CLOSED: refuses unknown fields', '3:1:0'),
            }),
          ),
        ],
      }),
    );
    const closed = entry(report.clauses, 'REQ-CLOSED');
    expect(closed).toEqual({
      id: 'REQ-CLOSED',
      level: 'MUST',
      family: 'REQ',
      summary: 'refuse unknown top-level fields',
      verdict: 'FAIL',
      cases: 6,
      reason: 'admitted a request with field "retry"',
      counterexample: shrunk,
      replay: "npx adapter-qualify run adapter.json --only '^REQ-CLOSED: refuses unknown fields$' --seed 42",
      seed: 42,
      path: '3:1:0',
    });
    expect(report.verdict).toBe('non-conformant');
    expect(report.exitCode).toBe(1);
    expect(report.summary.must.fail).toBe(1);
  });

  it('shows and replays the violation found by the test named for the clause, shrunk, not one a fault test met on the way', () => {
    const fault = meta(
      'SEM-CRASH-CONSISTENT: after a submit is killed',
      evidence('SEM-CRASH-CONSISTENT', { cases: 1 }),
      evidence('OUT-CLOSED', {
        violations: [{ message: 'from the fault test', counterexample: counterexample('x'.repeat(873)) }],
        replay: handle('SEM-CRASH-CONSISTENT: after a submit is killed'),
      }),
    );
    const named = meta(
      'OUT-CLOSED: every answer is closed',
      evidence('OUT-CLOSED', {
        cases: 1,
        violations: [{ message: 'from the named test', counterexample: counterexample('small') }],
        replay: handle('OUT-CLOSED: every answer is closed', '0:2'),
      }),
    );
    const closed = entry(buildReport(reportInput({ metas: [fault, named] })).clauses, 'OUT-CLOSED');
    expect(closed).toMatchObject({ verdict: 'FAIL', reason: 'from the named test', path: '0:2', replay: expect.stringContaining("'^OUT-CLOSED: every answer is closed$'") });
    expect(closed.counterexample?.description).toBe('small');
    // Between tests alike, a shrunk case wins over an unshrunk one, then the smaller case; ties keep the first.
    const unshrunk = meta('OUT-CLOSED: a', evidence('OUT-CLOSED', { violations: [{ message: 'unshrunk', counterexample: counterexample('s') }], replay: handle('OUT-CLOSED: a') }));
    const shrunk = meta('OUT-CLOSED: b', evidence('OUT-CLOSED', { violations: [{ message: 'shrunk', counterexample: counterexample('longer') }], replay: handle('OUT-CLOSED: b', '1') }));
    expect(entry(buildReport(reportInput({ metas: [unshrunk, shrunk] })).clauses, 'OUT-CLOSED').reason).toBe('shrunk');
    const smaller = meta('OUT-CLOSED: c', evidence('OUT-CLOSED', { violations: [{ message: 'smaller', counterexample: counterexample('s') }], replay: handle('OUT-CLOSED: c', '1') }));
    expect(entry(buildReport(reportInput({ metas: [shrunk, smaller] })).clauses, 'OUT-CLOSED').reason).toBe('smaller');
  });

  it('takes precedence order inconclusive > skipped > not exercised', () => {
    const report = buildReport(
      reportInput({
        metas: [
          meta('a', evidence('SEM-OBSERVE-FRESH', { inconclusive: 'never reached terminal' }), evidence('SEM-OBSERVE-FRESH', { skipped: 'no restart step' })),
          meta('b', evidence('SEM-DURABLE-RESTART', { skipped: 'no restart step declared' })),
        ],
      }),
    );
    expect(entry(report.clauses, 'SEM-OBSERVE-FRESH')).toEqual(expect.objectContaining({ verdict: 'INCONCLUSIVE', reason: 'never reached terminal' }));
    expect(entry(report.clauses, 'SEM-DURABLE-RESTART')).toEqual(expect.objectContaining({ verdict: 'SKIP', reason: 'no restart step declared' }));
    expect(entry(report.clauses, 'SDK-SHAPE')).toEqual(expect.objectContaining({ verdict: 'SKIP', reason: 'not exercised in this run' }));
  });

  it('never leaves a reason blank', () => {
    const report = buildReport(
      reportInput({
        metas: [meta('t', evidence('OUT-JSON', { violations: [{ message: '' }] }), evidence('OUT-EXIT', { skipped: ' ' }))],
      }),
    );
    expect(entry(report.clauses, 'OUT-JSON').reason).toBe('violation recorded without a message');
    expect(entry(report.clauses, 'OUT-EXIT').reason).toBe('no reason recorded');
  });

  it('says a clause may have been filtered out by --only', () => {
    const report = buildReport(reportInput({ filteredOut: true }));
    expect(entry(report.clauses, 'REQ-CLOSED').reason).toBe('not exercised in this run (filtered out by --only)');
  });

  it('is incomplete, exit 0, when a MUST clause lacks evidence; exit 1 under --strict', () => {
    const partial = meta('most', ...codingOperationClauses.filter((c) => c.id !== 'SEM-DURABLE-RESTART').map((c) => evidence(c.id, { cases: 1 })));
    const lenient = buildReport(reportInput({ metas: [partial] }));
    expect(lenient.verdict).toBe('incomplete');
    expect(lenient.exitCode).toBe(0);
    const strict = buildReport(reportInput({ metas: [partial], run: { ...reportInput().run, strict: true } }));
    expect(strict.verdict).toBe('incomplete');
    expect(strict.exitCode).toBe(1);
  });

  it('carries the fault method; --strict takes a timing-only fault PASS as open (exit 1), a syscall one as proof', () => {
    const faults = (method: 'syscall' | 'timing') =>
      meta('faults', ...codingOperationClauses.map((c) => evidence(c.id, { cases: 1, ...(c.id === 'SEM-CRASH-CONSISTENT' ? { faultMethod: { method, detail: `${method} detail` } } : {}) })));
    const strictRun = { ...reportInput().run, strict: true };
    const timing = buildReport(reportInput({ metas: [faults('timing')], run: strictRun }));
    expect(entry(timing.clauses, 'SEM-CRASH-CONSISTENT')).toMatchObject({ verdict: 'PASS', method: 'timing', methodDetail: 'timing detail' });
    expect(reportSchemaErrors(timing)).toEqual([]);
    expect(timing.exitCode).toBe(1);
    expect(buildReport(reportInput({ metas: [faults('timing')] })).exitCode).toBe(0);
    expect(buildReport(reportInput({ metas: [faults('syscall')], run: strictRun })).exitCode).toBe(0);
  });

  it('leaves a run conformant when the only open clauses cannot apply to its subject, also under --strict', () => {
    const sdkOnly = codingOperationClauses.filter((definition) => definition.family === 'SDK').map((definition) => definition.id);
    const others = meta('others', ...codingOperationClauses.filter((definition) => definition.family !== 'SDK').map((definition) => evidence(definition.id, { cases: 1 })));
    const notApplicable = Object.fromEntries(sdkOnly.map((id) => [id, 'applies to SDK transports']));
    const report = buildReport(reportInput({ metas: [others], notApplicable, run: { ...reportInput().run, strict: true } }));
    expect(report.verdict).toBe('conformant');
    expect(report.exitCode).toBe(0);
    expect(entry(report.clauses, 'SDK-SHAPE')).toEqual(expect.objectContaining({ verdict: 'SKIP', applicable: false, reason: 'applies to SDK transports' }));
    expect(reportSchemaErrors(report)).toEqual([]);
    // Evidence wins over applicability, and an applicable clause without evidence still leaves the run incomplete.
    const missing = buildReport(reportInput({ metas: [meta('others', ...others.evidence.filter((item) => item.clauseId !== 'SEM-CRASH-CONSISTENT'))], notApplicable }));
    expect(missing.verdict).toBe('incomplete');
    expect(entry(missing.clauses, 'SEM-CRASH-CONSISTENT').applicable).toBeUndefined();
  });

  it('counts SHOULD clauses for the exit code only with --strict-should', () => {
    const shouldFails = meta('s', evidence('REQ-AUTHORITY', { violations: [{ message: 'admitted a foreign authority' }] }));
    const lenient = buildReport(reportInput({ metas: [everyClausePasses, shouldFails] }));
    expect(entry(lenient.clauses, 'REQ-AUTHORITY').verdict).toBe('FAIL');
    expect(lenient.summary.should.fail).toBe(1);
    expect(lenient.verdict).toBe('conformant');
    expect(lenient.exitCode).toBe(0);
    const strictShould = buildReport(reportInput({ metas: [everyClausePasses, shouldFails], run: { ...reportInput().run, strictShould: true } }));
    expect(strictShould.verdict).toBe('non-conformant');
    expect(strictShould.exitCode).toBe(1);

    const shouldSkipped = meta('most', ...codingOperationClauses.filter((c) => c.id !== 'SDK-CANCEL').map((c) => evidence(c.id, { cases: 1 })));
    const strictOnly = buildReport(reportInput({ metas: [shouldSkipped], run: { ...reportInput().run, strict: true } }));
    expect(strictOnly.exitCode).toBe(0);
    const strictBoth = buildReport(reportInput({ metas: [shouldSkipped], run: { ...reportInput().run, strict: true, strictShould: true } }));
    expect(strictBoth.exitCode).toBe(1);
  });

  it('turns a test that threw into a suite error (exit 3) and its unevidenced clauses INCONCLUSIVE', () => {
    const report = buildReport(
      reportInput({
        metas: [meta('others', evidence('OUT-JSON', { cases: 2 })), meta('SEM: history', evidence('SEM-REVISION-MONOTONIC', { cases: 3 }), evidence('OUT-JSON', { cases: 1 }))],
        failedTests: [{ testName: 'SEM: history', error: 'Test timed out in 900000ms.' }],
      }),
    );
    expect(report.exitCode).toBe(3);
    expect(report.suiteErrors).toEqual(['SEM: history: Test timed out in 900000ms.']);
    // The errored test's own cases are not evidence: its checks did not finish.
    expect(entry(report.clauses, 'SEM-REVISION-MONOTONIC')).toEqual(expect.objectContaining({ verdict: 'INCONCLUSIVE', cases: 0, reason: 'suite error: Test timed out in 900000ms.' }));
    // Another test's evidence still decides a clause.
    expect(entry(report.clauses, 'OUT-JSON')).toEqual(expect.objectContaining({ verdict: 'PASS', cases: 2 }));
    expect(entry(report.clauses, 'REQ-CLOSED').reason).toBe('not exercised in this run (suite errors occurred: see suiteErrors)');
  });

  it('exits 3 on unhandled errors even when the adapter also failed', () => {
    const report = buildReport(
      reportInput({
        metas: [meta('t', evidence('OUT-JSON', { violations: [{ message: 'two objects' }] }))],
        unhandledErrors: ['unhandled error: boom'],
      }),
    );
    expect(report.verdict).toBe('non-conformant');
    expect(report.exitCode).toBe(3);
    expect(report.suiteErrors).toEqual(['unhandled error: boom']);
  });

  it('reports evidence for a clause outside the profile as a suite error', () => {
    const report = buildReport(reportInput({ metas: [everyClausePasses, meta('odd', evidence('MAN-ID', { cases: 1 }))] }));
    expect(report.exitCode).toBe(3);
    expect(report.suiteErrors).toEqual(['odd: recorded evidence for MAN-ID, which is not a clause of coding-operation.v1']);
    expect(report.clauses.some((clause) => clause.id === 'MAN-ID')).toBe(false);
  });
});

describe('buildReport on arbitrary evidence', () => {
  const clauseIds = codingOperationClauses.map((definition) => definition.id);
  const arbitraryEvidence = fc.record(
    {
      clauseId: fc.constantFrom(...clauseIds),
      cases: fc.nat({ max: 5 }),
      violations: fc.array(fc.record({ message: fc.string() }), { maxLength: 2 }),
      inconclusive: fc.string(),
      skipped: fc.string(),
      replay: fc.record({ testName: fc.string(), seed: fc.integer() }),
    },
    { requiredKeys: ['clauseId', 'cases', 'violations'] },
  );
  const arbitraryMeta = fc.record({ testName: fc.constantFrom('a', 'b', 'c'), clauses: fc.constant([]), evidence: fc.array(arbitraryEvidence, { maxLength: 6 }) });

  it('always yields a schema-valid report: each clause once, no PASS without cases, FAIL iff a violation', () => {
    fc.assert(
      fc.property(fc.array(arbitraryMeta, { maxLength: 5 }), fc.subarray(['a', 'b', 'c']), fc.boolean(), fc.boolean(), (metas, errored, strict, strictShould) => {
        const report = buildReport(
          reportInput({
            metas,
            failedTests: errored.map((testName) => ({ testName, error: 'threw' })),
            run: { ...reportInput().run, strict, strictShould },
          }),
        );
        expect(reportSchemaErrors(report)).toEqual([]);
        expect(report.clauses.map((clause) => clause.id)).toEqual(clauseIds);
        for (const clause of report.clauses) {
          if (clause.verdict === 'PASS') expect(clause.cases).toBeGreaterThan(0);
          const violated = metas.some((entry) => entry.evidence.some((item) => item.clauseId === clause.id && item.violations.length > 0));
          expect(clause.verdict === 'FAIL').toBe(violated);
        }
        if (errored.length > 0) expect(report.exitCode).toBe(3);
      }),
    );
  });
});

describe('buildReport: exit code 3 never hides a verdict', () => {
  it('keeps the FAIL and PASS verdicts of the other tests when one test throws', () => {
    const report = buildReport(
      reportInput({
        metas: [
          meta('SEM-TERMINAL-IMMUTABLE: broken', evidence('SEM-TERMINAL-IMMUTABLE', { cases: 1, violations: [{ message: 'changed' }] })),
          meta('OUT-JSON: fine', evidence('OUT-JSON', { cases: 2 })),
          meta('REQ-CLOSED: threw', evidence('REQ-CLOSED', { cases: 5 })),
        ],
        failedTests: [{ testName: 'REQ-CLOSED: threw', error: 'TypeError: boom' }],
      }),
    );
    expect(report.exitCode).toBe(3);
    expect(report.verdict).toBe('non-conformant');
    expect(entry(report.clauses, 'SEM-TERMINAL-IMMUTABLE').verdict).toBe('FAIL');
    expect(entry(report.clauses, 'OUT-JSON').verdict).toBe('PASS');
    expect(entry(report.clauses, 'REQ-CLOSED')).toMatchObject({ verdict: 'INCONCLUSIVE', reason: 'suite error: TypeError: boom' });
  });

  it('an interrupted run is a schema-valid report with what was judged, exit code 4 (not 3: the suite did not fail)', () => {
    const base = reportInput({ metas: [meta('OUT-JSON: fine', evidence('OUT-JSON', { cases: 2 }))], unhandledErrors: ['the run was interrupted by SIGTERM'] });
    const report = buildReport({ ...base, run: { ...base.run, interrupted: 'SIGTERM' } });
    expect(report.exitCode).toBe(4);
    expect(report.run.interrupted).toBe('SIGTERM');
    expect(entry(report.clauses, 'OUT-JSON').verdict).toBe('PASS');
    // A clause the run never reached says so, not only that suite errors occurred.
    expect(entry(report.clauses, 'REQ-CLOSED')).toMatchObject({
      verdict: 'SKIP',
      reason: 'not exercised in this run (the run was interrupted by SIGTERM before its tests finished) (suite errors occurred: see suiteErrors)',
    });
    expect(reportSchemaErrors(report)).toEqual([]);
  });
});

describe('buildReport with --exclude', () => {
  it('SKIPs a clause only excluded tests decide, saying so, and never PASSes it', () => {
    const excluded = { 'REQ-CLOSED': 'excluded by --exclude "REQ-CLOSED" (not run)' } as const;
    const report = buildReport(reportInput({ metas: [meta('others', evidence('OUT-JSON', { cases: 2 }), evidence('REQ-CLOSED', { cases: 0, skipped: 'no admitted binding' }))], excluded }));
    expect(entry(report.clauses, 'REQ-CLOSED')).toEqual(expect.objectContaining({ verdict: 'SKIP', reason: excluded['REQ-CLOSED'] }));
    expect(entry(report.clauses, 'OUT-JSON').verdict).toBe('PASS');
  });

  it('judges an excluded clause by the cases another test brought it', () => {
    const report = buildReport(reportInput({ metas: [meta('other test', evidence('REQ-CLOSED', { cases: 3 }))], excluded: { 'REQ-CLOSED': 'excluded' } }));
    expect(entry(report.clauses, 'REQ-CLOSED').verdict).toBe('PASS');
  });
});

describe('buildReport after --max-failures stopped the run', () => {
  it('SKIPs every clause left without evidence, saying why, and judges the rest', () => {
    const report = buildReport(reportInput({ metas: [meta('a', evidence('OUT-JSON', { cases: 2 }))], stoppedEarly: 'the run stopped after 1 failing test (--max-failures)' }));
    expect(entry(report.clauses, 'OUT-JSON').verdict).toBe('PASS');
    expect(entry(report.clauses, 'REQ-CLOSED')).toEqual(
      expect.objectContaining({ verdict: 'SKIP', reason: 'not exercised in this run (the run stopped after 1 failing test (--max-failures))' }),
    );
  });
});
