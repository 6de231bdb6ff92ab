import { describe, expect, it } from 'vitest';
import { compareVerdicts, expectedFromReport, parseExpectedVerdicts, renderDifferences, type ExpectedVerdicts, type ReportedClause } from './expectedVerdicts.js';

const header = { subject: 'agent 1.0 through the stub', command: 'adapter-qualify run agent.json --seed 1' };
const reported: ReportedClause[] = [
  { id: 'ACP-FRM-LINE', verdict: 'PASS' },
  { id: 'ACP-INIT-BEFORE', verdict: 'FAIL', reason: 'session/new before initialize got a result' },
  { id: 'ACP-SESS-CLOSE', verdict: 'SKIP', applicable: false, reason: 'not advertised' },
  { id: 'ACP-PERMISSION-SHAPE', verdict: 'INCONCLUSIVE', reason: 'no permission asked' },
];
const expected: ExpectedVerdicts = {
  ...header,
  clauses: {
    'ACP-FRM-LINE': { verdict: 'PASS' },
    'ACP-INIT-BEFORE': { verdict: 'FAIL', why: 'answers session/new before initialize' },
    'ACP-SESS-CLOSE': { verdict: 'NOT-APPLICABLE', why: 'close not advertised' },
    'ACP-PERMISSION-SHAPE': { verdict: 'INCONCLUSIVE', why: 'asks no permission for a read' },
  },
};

describe('compareVerdicts', () => {
  it('finds nothing when every verdict is as expected', () => {
    expect(compareVerdicts(expected, reported)).toEqual([]);
  });

  it('reports a changed verdict either way, a FAIL that now passes included, and clauses missing on either side', () => {
    const changed: ReportedClause[] = [
      { id: 'ACP-FRM-LINE', verdict: 'FAIL', reason: 'a line broke' },
      { id: 'ACP-INIT-BEFORE', verdict: 'PASS' },
      { id: 'ACP-SESS-CLOSE', verdict: 'SKIP', reason: 'no evidence' },
      { id: 'ACP-FRM-UTF8', verdict: 'PASS' },
    ];
    const differences = compareVerdicts(expected, changed);
    expect(differences.map(({ clauseId, expected: want, actual }) => [clauseId, want, actual])).toEqual([
      ['ACP-FRM-LINE', 'PASS', 'FAIL'],
      ['ACP-INIT-BEFORE', 'FAIL', 'PASS'],
      ['ACP-SESS-CLOSE', 'NOT-APPLICABLE', 'SKIP'],
      ['ACP-FRM-UTF8', null, 'PASS'],
      ['ACP-PERMISSION-SHAPE', 'INCONCLUSIVE', null],
    ]);
    expect(renderDifferences(differences)[0]).toBe('ACP-FRM-LINE: expected PASS, got FAIL — a line broke');
    expect(renderDifferences(differences)[4]).toBe('ACP-PERMISSION-SHAPE: expected INCONCLUSIVE, got (not in the report)');
  });
});

describe('parseExpectedVerdicts', () => {
  it('accepts a file with a reason for every verdict that is not PASS', () => {
    expect(parseExpectedVerdicts(JSON.parse(JSON.stringify(expected)))).toEqual(expected);
  });

  it('names the problem: a non-PASS without a reason, an unknown clause, an unknown verdict', () => {
    expect(parseExpectedVerdicts({ ...header, clauses: { 'ACP-INIT-BEFORE': { verdict: 'FAIL' } } })).toBe('clauses.ACP-INIT-BEFORE.why: a FAIL needs a short reason');
    expect(parseExpectedVerdicts({ ...header, clauses: { 'ACP-NOPE': { verdict: 'PASS' } } })).toBe('clauses.ACP-NOPE: not an ACP clause ID');
    expect(parseExpectedVerdicts({ ...header, clauses: { 'ACP-FRM-LINE': { verdict: 'OK' } } })).toMatch(/^clauses\.ACP-FRM-LINE\.verdict: must be one of/);
    expect(parseExpectedVerdicts([])).toMatch(/must be a JSON object/);
  });
});

describe('expectedFromReport', () => {
  it("keeps a reason while its verdict holds and takes the report's reason for a changed one", () => {
    const next = expectedFromReport([...reported.slice(0, 3), { id: 'ACP-PERMISSION-SHAPE', verdict: 'FAIL', reason: 'options empty' }], expected, header);
    expect(next.clauses).toEqual({
      'ACP-FRM-LINE': { verdict: 'PASS' },
      'ACP-INIT-BEFORE': { verdict: 'FAIL', why: 'answers session/new before initialize' },
      'ACP-SESS-CLOSE': { verdict: 'NOT-APPLICABLE', why: 'close not advertised' },
      'ACP-PERMISSION-SHAPE': { verdict: 'FAIL', why: 'options empty' },
    });
    expect(compareVerdicts(next, [...reported.slice(0, 3), { id: 'ACP-PERMISSION-SHAPE', verdict: 'FAIL' }])).toEqual([]);
  });
});
