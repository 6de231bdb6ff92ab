import { describe, expect, it } from 'vitest';
import { codingOperationClauses } from '../clauses.js';
import type { MutantDefinition } from '../../adapters/mutants/MutantDefinition.js';
import { fakeAcceptanceReport } from './__test-helpers__/fakeAcceptanceReport.js';
import { judgeRun } from './judgeRun.js';
import { planMutant } from './planMutant.js';
import type { RunEnd } from './types.js';

const mutant: MutantDefinition = {
  name: 'key-code-units',
  claims: ['REQ-BOUND-KEY', 'REQ-BOUND-BYTES'],
  incidental: ['REQ-BOUNDARY-ACCEPT'],
  description: 'counts key length in UTF-16 code units',
  expect: 'fail',
  args: [],
};
const plan = planMutant(mutant, {});
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

  it('deferred claims become not-judgeable cells, and an all-deferred mutant is not judged at all', () => {
    const partly = planMutant(mutant, { 'REQ-BOUND-BYTES': 'later' });
    const judged = judgeRun(partly, reported, fakeAcceptanceReport({ 'REQ-BOUND-KEY': 'FAIL' }), none);
    expect(judged.status).toBe('killed');
    expect(judged.cells).toContainEqual({ clauseId: 'REQ-BOUND-BYTES', status: 'not-judgeable', verdict: null });
    const never = planMutant(mutant, { 'REQ-BOUND-BYTES': 'later', 'REQ-BOUND-KEY': 'later' });
    expect(judgeRun(never, reported, null, none).status).toBe('not-judgeable');
  });

  it('a control mutant holds when its SEM MUST clauses end INCONCLUSIVE, and is broken when one PASSes', () => {
    const control = planMutant({ ...mutant, name: 'only-unknown', claims: [], incidental: ['REQ-BOUNDARY-ACCEPT'], expect: 'inconclusive' }, {});
    const semMust = codingOperationClauses.filter((entry) => entry.family === 'SEM' && entry.level === 'MUST' && !['SEM-OBSERVE-FRESH', 'SEM-TERMINAL-WITHOUT-ACCEPT'].includes(entry.id));
    const allOpen = Object.fromEntries(semMust.map((entry) => [entry.id, 'INCONCLUSIVE' as const]));
    expect(judgeRun(control, reported, fakeAcceptanceReport(allOpen), none)).toEqual({ status: 'control-held', cells: [], findings: [], detail: null });
    const broken = judgeRun(control, reported, fakeAcceptanceReport({ ...allOpen, 'SEM-REBIND-REFUSED': 'PASS' }), none);
    expect(broken).toMatchObject({ status: 'control-broken', detail: 'falsely PASSed SEM-REBIND-REFUSED' });
  });
});
