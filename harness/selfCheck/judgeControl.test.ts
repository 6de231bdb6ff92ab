import { describe, expect, it } from 'vitest';
import { fakeAcceptanceReport } from './__test-helpers__/fakeAcceptanceReport.js';
import { judgeControl } from './judgeControl.js';
import type { RunEnd } from './types.js';

const reported: RunEnd = { kind: 'report', exitCode: 0, durationMs: 20 };

describe('judgeControl', () => {
  it('is green with no MUST FAIL, and SKIP/INCONCLUSIVE clauses that give a reason', () => {
    const control = judgeControl(reported, fakeAcceptanceReport({ 'SEM-DURABLE-RESTART': 'SKIP', 'SEM-OBSERVE-FRESH': 'INCONCLUSIVE' }), 'control');
    expect(control).toEqual({ profile: 'coding-operation.v1', green: true, problems: [], failedClauses: [], verdict: 'conformant', reportDir: 'control', durationMs: 20 });
  });

  it('is red when a MUST clause FAILs', () => {
    const control = judgeControl(reported, fakeAcceptanceReport({ 'REQ-CLOSED': 'FAIL' }), 'control');
    expect(control.green).toBe(false);
    expect(control.problems).toEqual(['REQ-CLOSED FAILed on the reference adapter: REQ-CLOSED is FAIL here']);
    expect(control.failedClauses).toEqual([{ clauseId: 'REQ-CLOSED', level: 'MUST' }]);
  });

  it('stays green when only a SHOULD clause FAILs, but records it so no mutant is credited there', () => {
    const control = judgeControl(reported, fakeAcceptanceReport({ 'REQ-AUTHORITY': 'FAIL' }), 'control');
    expect(control).toMatchObject({ green: true, failedClauses: [{ clauseId: 'REQ-AUTHORITY', level: 'SHOULD' }] });
  });

  it('judges the manifest reference directory as the adapter-manifest.v1 control, and refuses a report of the wrong profile', () => {
    expect(judgeControl(reported, fakeAcceptanceReport({}, [], 'adapter-manifest.v1'), 'manifest-control', 'adapter-manifest.v1')).toMatchObject({ profile: 'adapter-manifest.v1', green: true });
    expect(judgeControl(reported, fakeAcceptanceReport({ 'MAN-ID': 'FAIL' }, [], 'adapter-manifest.v1'), 'm', 'adapter-manifest.v1').problems).toEqual([
      'MAN-ID FAILed on the manifest reference directory: MAN-ID is FAIL here',
    ]);
    expect(judgeControl(reported, fakeAcceptanceReport(), 'm', 'adapter-manifest.v1').problems).toEqual(['the control report is of profile coding-operation.v1, not adapter-manifest.v1']);
  });

  it('is red on a suite error, a SKIP without a reason, a timeout or a missing report', () => {
    expect(judgeControl(reported, fakeAcceptanceReport({}, ['Error: boom\n at x']), 'c').problems).toEqual(['suite error: Error: boom']);
    const unexplained = fakeAcceptanceReport({ 'SEM-DURABLE-RESTART': 'SKIP' });
    const clauses = unexplained.clauses.map((entry) => (entry.id === 'SEM-DURABLE-RESTART' ? { ...entry, reason: ' ' } : entry));
    expect(judgeControl(reported, { ...unexplained, clauses }, 'c').problems).toEqual(['SEM-DURABLE-RESTART is SKIP without a reason']);
    expect(judgeControl({ kind: 'timed-out', durationMs: 9, detail: 'killed after the 9 ms cap' }, null, 'c')).toMatchObject({
      green: false,
      problems: ['the control run timed out: killed after the 9 ms cap'],
    });
    expect(judgeControl({ kind: 'error', durationMs: 9, detail: 'exit code 3' }, null, 'c').problems).toEqual(['the control run wrote no report: exit code 3']);
  });
});
