import { describe, expect, it } from 'vitest';
import { violation } from '../violation.js';
import { EvidenceRecorder } from './EvidenceRecorder.js';

const handle = (path?: string) => ({ testName: 'REQ-CLOSED: t', seed: 7, ...(path === undefined ? {} : { path }) });

describe('EvidenceRecorder', () => {
  it('accumulates case counts per clause', () => {
    const recorder = new EvidenceRecorder('REQ-CLOSED: t', ['REQ-CLOSED']);
    recorder.count('REQ-CLOSED');
    recorder.count('REQ-CLOSED', 4);
    recorder.count('OUT-JSON', 2);
    expect(recorder.meta().evidence.map(({ clauseId, cases }) => [clauseId, cases])).toEqual([
      ['REQ-CLOSED', 5],
      ['OUT-JSON', 2],
    ]);
  });

  it('keeps at most three violations per clause, the first ones', () => {
    const recorder = new EvidenceRecorder('REQ-CLOSED: t', ['REQ-CLOSED']);
    for (let index = 1; index <= 5; index++) recorder.fail(violation('REQ-CLOSED', `v${index}`));
    recorder.fail(violation('OUT-JSON', 'other clause'));
    const [closed, json] = recorder.meta().evidence;
    expect(closed?.violations.map((found) => found.message)).toEqual(['v1', 'v2', 'v3']);
    expect(json?.violations.map((found) => found.message)).toEqual(['other clause']);
  });

  it('records a violation with exactly the optional fields given', () => {
    const recorder = new EvidenceRecorder('REQ-CLOSED: t', ['REQ-CLOSED']);
    recorder.fail(violation('REQ-CLOSED', 'bare'));
    const counterexample = { description: 'submit with field "x"', calls: [] };
    recorder.fail(violation('REQ-CLOSED', 'full', { instancePath: '/x', details: { field: 'x' } }), counterexample);
    const violations = recorder.meta().evidence[0]?.violations;
    expect(violations?.[0]).toStrictEqual({ message: 'bare' });
    expect(Object.keys(violations?.[0] ?? {})).toEqual(['message']);
    expect(violations?.[1]).toStrictEqual({ message: 'full', instancePath: '/x', details: { field: 'x' }, counterexample });
  });

  it('keeps the first inconclusive and skip reasons', () => {
    const recorder = new EvidenceRecorder('REQ-CLOSED: t', ['REQ-CLOSED']);
    recorder.inconclusive('REQ-CLOSED', 'first');
    recorder.inconclusive('REQ-CLOSED', 'second');
    recorder.skip('OUT-JSON', 'no prerequisite');
    recorder.skip('OUT-JSON', 'later');
    const [closed, json] = recorder.meta().evidence;
    expect(closed).toMatchObject({ inconclusive: 'first' });
    expect(closed).not.toHaveProperty('skipped');
    expect(json).toMatchObject({ skipped: 'no prerequisite' });
    expect(json).not.toHaveProperty('inconclusive');
  });

  it('replay() keeps the first handle', () => {
    const recorder = new EvidenceRecorder('REQ-CLOSED: t', ['REQ-CLOSED']);
    recorder.replay('REQ-CLOSED', handle('0/1:2'));
    recorder.replay('REQ-CLOSED', handle());
    expect(recorder.meta().evidence[0]?.replay).toEqual(handle('0/1:2'));
  });

  it('fail() sets the replay handle only when none is set', () => {
    const first = new EvidenceRecorder('REQ-CLOSED: t', ['REQ-CLOSED']);
    first.fail(violation('REQ-CLOSED', 'a'), undefined, handle('0/3'));
    first.fail(violation('REQ-CLOSED', 'b'), undefined, handle('0/4'));
    expect(first.meta().evidence[0]?.replay).toEqual(handle('0/3'));

    const second = new EvidenceRecorder('REQ-CLOSED: t', ['REQ-CLOSED']);
    second.replay('REQ-CLOSED', handle());
    second.fail(violation('REQ-CLOSED', 'a'), undefined, handle('0/3'));
    expect(second.meta().evidence[0]?.replay).toEqual(handle());
  });

  it('meta() has exactly testName, clauses and evidence, omitting unset optional keys', () => {
    const recorder = new EvidenceRecorder('REQ-CLOSED, OUT-JSON: t', ['REQ-CLOSED', 'OUT-JSON']);
    expect(recorder.meta()).toStrictEqual({ testName: 'REQ-CLOSED, OUT-JSON: t', clauses: ['REQ-CLOSED', 'OUT-JSON'], evidence: [] });
    recorder.count('REQ-CLOSED');
    const meta = recorder.meta();
    expect(Object.keys(meta)).toEqual(['testName', 'clauses', 'evidence']);
    expect(meta.evidence).toStrictEqual([{ clauseId: 'REQ-CLOSED', cases: 1, violations: [] }]);
    expect(Object.keys(meta.evidence[0] ?? {})).toEqual(['clauseId', 'cases', 'violations']);
    expect(JSON.parse(JSON.stringify(meta))).toStrictEqual(meta);
  });

  it('reports violated clauses', () => {
    const recorder = new EvidenceRecorder('REQ-CLOSED: t', ['REQ-CLOSED']);
    recorder.count('REQ-CLOSED', 3);
    recorder.inconclusive('OUT-JSON', 'why');
    expect(recorder.hasViolations()).toBe(false);
    expect(recorder.violatedClauses()).toEqual([]);
    recorder.fail(violation('OUT-EXIT', 'x'));
    recorder.fail(violation('REQ-CLOSED', 'y'));
    expect(recorder.hasViolations()).toBe(true);
    expect(recorder.violatedClauses()).toEqual(['REQ-CLOSED', 'OUT-EXIT']);
  });
});
