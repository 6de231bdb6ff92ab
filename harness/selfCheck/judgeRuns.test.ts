import { describe, expect, it } from 'vitest';
import { codingOperationClauses } from '../clauses.js';
import type { MutantDefinition } from '../../adapters/mutants/MutantDefinition.js';
import { fakeAcceptanceReport } from './__test-helpers__/selfCheckFixtures.js';
import { judgeControl, judgeRun } from './judgeRuns.js';
import { planMutant } from './planMutant.js';
import type { RunEnd } from './runQualificationJob.js';

const mutant: MutantDefinition = {
  name: 'key-code-units',
  claims: ['REQ-BOUND-KEY', 'REQ-BOUND-BYTES'],
  incidental: ['REQ-BOUNDARY-ACCEPT'],
  description: 'counts key length in UTF-16 code units',
  expect: 'fail',
  args: [],
};
const plan = planMutant(mutant);
const reported: RunEnd = { kind: 'report', exitCode: 1, durationMs: 10 };
const none = new Set<never>();

describe('judgeRun', () => {
  it('killed: every claim FAILed, nothing undeclared did (incidental failures are allowed)', () => {
    const report = fakeAcceptanceReport({ 'REQ-BOUND-KEY': 'FAIL', 'REQ-BOUND-BYTES': 'FAIL', 'REQ-BOUNDARY-ACCEPT': 'FAIL' });
    expect(judgeRun(plan, reported, report, none)).toEqual({
      status: 'killed',
      cells: [
        { clauseId: 'REQ-BOUND-KEY', status: 'killed', verdict: 'FAIL' },
        { clauseId: 'REQ-BOUND-BYTES', status: 'killed', verdict: 'FAIL' },
      ],
      findings: [],
      detail: null,
    });
  });

  it('survived: one claim held, nothing undeclared FAILed', () => {
    const judged = judgeRun(plan, reported, fakeAcceptanceReport({ 'REQ-BOUND-KEY': 'FAIL' }), none);
    expect(judged.status).toBe('survived');
    expect(judged.cells.map((cell) => cell.status)).toEqual(['killed', 'survived']);
    expect(judged.detail).toBe('claimed REQ-BOUND-BYTES PASS');
  });

  it('killed for the wrong reason: a claim held while an undeclared clause FAILed', () => {
    const judged = judgeRun(plan, reported, fakeAcceptanceReport({ 'REQ-BOUND-KEY': 'FAIL', 'OUT-CLOSED': 'FAIL' }), none);
    expect(judged.status).toBe('wrong-reason');
    expect(judged.cells.map((cell) => cell.status)).toEqual(['killed', 'wrong-reason']);
    expect(judged.findings).toEqual(['OUT-CLOSED']);
  });

  it('killed with findings: the claims FAILed, and so did an undeclared clause', () => {
    const judged = judgeRun(plan, reported, fakeAcceptanceReport({ 'REQ-BOUND-KEY': 'FAIL', 'REQ-BOUND-BYTES': 'FAIL', 'OUT-EXIT': 'FAIL' }), none);
    expect(judged.status).toBe('killed-with-findings');
    expect(judged.findings).toEqual(['OUT-EXIT']);
  });

  it('a claim the control FAILed too is never credited', () => {
    const judged = judgeRun(plan, reported, fakeAcceptanceReport({ 'REQ-BOUND-KEY': 'FAIL', 'REQ-BOUND-BYTES': 'FAIL' }), new Set(['REQ-BOUND-BYTES'] as const));
    expect(judged.status).toBe('survived');
    expect(judged.cells.map((cell) => cell.status)).toEqual(['killed', 'control-red']);
    expect(judged.detail).toBe('the control FAILed REQ-BOUND-BYTES too');
  });

  it('a run that timed out or crashed kills nothing, whatever it wrote', () => {
    const timedOut = judgeRun(plan, { kind: 'timed-out', durationMs: 5, detail: 'killed after the 5 ms cap' }, null, none);
    expect(timedOut.status).toBe('timed-out');
    expect(timedOut.cells.map((cell) => cell.status)).toEqual(['timed-out', 'timed-out']);
    const crashed = judgeRun(plan, { kind: 'error', durationMs: 5, detail: 'exit code 3' }, null, none);
    expect(crashed).toMatchObject({ status: 'error', detail: 'exit code 3' });
    const suiteError = judgeRun(plan, reported, fakeAcceptanceReport({ 'REQ-BOUND-KEY': 'FAIL', 'REQ-BOUND-BYTES': 'FAIL' }, ['TypeError: boom\n  at x']), none);
    expect(suiteError).toMatchObject({ status: 'error', detail: 'suite error: TypeError: boom' });
  });

  it('a control mutant holds when its SEM MUST clauses end INCONCLUSIVE, and is broken when one PASSes', () => {
    const control = planMutant({ ...mutant, name: 'only-unknown', claims: [], incidental: ['REQ-BOUNDARY-ACCEPT'], expect: 'inconclusive' });
    const semMust = codingOperationClauses.filter((entry) => entry.family === 'SEM' && entry.level === 'MUST' && !['SEM-OBSERVE-FRESH', 'SEM-TERMINAL-WITHOUT-ACCEPT'].includes(entry.id));
    const allOpen = Object.fromEntries(semMust.map((entry) => [entry.id, 'INCONCLUSIVE' as const]));
    expect(judgeRun(control, reported, fakeAcceptanceReport(allOpen), none)).toEqual({ status: 'control-held', cells: [], findings: [], detail: null });
    const broken = judgeRun(control, reported, fakeAcceptanceReport({ ...allOpen, 'SEM-REBIND-REFUSED': 'PASS' }), none);
    expect(broken).toMatchObject({ status: 'control-broken', detail: 'falsely PASSed SEM-REBIND-REFUSED' });
  });
});

const controlReported: RunEnd = { kind: 'report', exitCode: 0, durationMs: 20 };

describe('judgeControl', () => {
  it('is green with no MUST FAIL, and SKIP/INCONCLUSIVE clauses that give a reason', () => {
    const control = judgeControl(controlReported, fakeAcceptanceReport({ 'SEM-DURABLE-RESTART': 'SKIP', 'SEM-OBSERVE-FRESH': 'INCONCLUSIVE' }), 'control');
    expect(control).toEqual({ profile: 'coding-operation.v1', green: true, problems: [], failedClauses: [], verdict: 'conformant', reportDir: 'control', durationMs: 20 });
  });

  it('is red when a MUST clause FAILs', () => {
    const control = judgeControl(controlReported, fakeAcceptanceReport({ 'REQ-CLOSED': 'FAIL' }), 'control');
    expect(control.green).toBe(false);
    expect(control.problems).toEqual(['REQ-CLOSED FAILed on the reference adapter: REQ-CLOSED is FAIL here']);
    expect(control.failedClauses).toEqual([{ clauseId: 'REQ-CLOSED', level: 'MUST' }]);
  });

  it('stays green when only a SHOULD clause FAILs, but records it so no mutant is credited there', () => {
    const control = judgeControl(controlReported, fakeAcceptanceReport({ 'REQ-AUTHORITY': 'FAIL' }), 'control');
    expect(control).toMatchObject({ green: true, failedClauses: [{ clauseId: 'REQ-AUTHORITY', level: 'SHOULD' }] });
  });

  it('judges the manifest reference directory as the adapter-manifest.v1 control, and refuses a report of the wrong profile', () => {
    expect(judgeControl(controlReported, fakeAcceptanceReport({}, [], 'adapter-manifest.v1'), 'manifest-control', 'adapter-manifest.v1')).toMatchObject({
      profile: 'adapter-manifest.v1',
      green: true,
    });
    expect(judgeControl(controlReported, fakeAcceptanceReport({ 'MAN-ID': 'FAIL' }, [], 'adapter-manifest.v1'), 'm', 'adapter-manifest.v1').problems).toEqual([
      'MAN-ID FAILed on the manifest reference directory: MAN-ID is FAIL here',
    ]);
    expect(judgeControl(controlReported, fakeAcceptanceReport(), 'm', 'adapter-manifest.v1').problems).toEqual([
      'the control report is of profile coding-operation.v1, not adapter-manifest.v1',
    ]);
  });

  it('is red on a suite error, a SKIP without a reason, a timeout or a missing report', () => {
    expect(judgeControl(controlReported, fakeAcceptanceReport({}, ['Error: boom\n at x']), 'c').problems).toEqual(['suite error: Error: boom']);
    const unexplained = fakeAcceptanceReport({ 'SEM-DURABLE-RESTART': 'SKIP' });
    const clauses = unexplained.clauses.map((entry) => (entry.id === 'SEM-DURABLE-RESTART' && entry.verdict === 'SKIP' ? { ...entry, reason: ' ' } : entry));
    expect(judgeControl(controlReported, { ...unexplained, clauses }, 'c').problems).toEqual(['SEM-DURABLE-RESTART is SKIP without a reason']);
    expect(judgeControl({ kind: 'timed-out', durationMs: 9, detail: 'killed after the 9 ms cap' }, null, 'c')).toMatchObject({
      green: false,
      problems: ['the control run timed out: killed after the 9 ms cap'],
    });
    expect(judgeControl({ kind: 'error', durationMs: 9, detail: 'exit code 3' }, null, 'c').problems).toEqual(['the control run wrote no report: exit code 3']);
  });
});
