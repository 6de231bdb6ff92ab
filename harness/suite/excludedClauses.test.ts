import { describe, expect, it } from 'vitest';
import type { ClauseId } from '../clauses.js';
import { excludedClauses } from './excludedClauses.js';

const test = (name: string) => ({ type: 'test', name });
const files = [
  { type: 'suite', name: 'suites/request.suite.ts', tasks: [test('REQ-CLOSED: refuses unknown fields'), test('REQ-BOUND-BYTES: a payload over the bound')] },
  { type: 'suite', name: 'suites/outcome.suite.ts', tasks: [{ type: 'suite', name: 'nested', tasks: [test('OUT-JSON, OUT-CLOSED: closed JSON: always')] }] },
];
const known: ClauseId[] = ['REQ-CLOSED', 'REQ-BOUND-BYTES', 'OUT-JSON', 'OUT-CLOSED'];

describe('excludedClauses', () => {
  it('is empty without --exclude', () => {
    expect(excludedClauses(files, null, known)).toEqual({});
  });

  it('names every clause ID before the colon of each matching test, with the pattern in the reason', () => {
    const excluded = excludedClauses(files, 'CLOSED', known);
    expect(Object.keys(excluded).sort()).toEqual(['OUT-CLOSED', 'OUT-JSON', 'REQ-CLOSED']);
    expect(excluded['REQ-CLOSED']).toBe('excluded by --exclude "CLOSED" (not run)');
  });

  it('takes nothing from the rule text, and no word that is not a clause of the profile', () => {
    expect(excludedClauses(files, 'always', ['OUT-JSON'])).toEqual({ 'OUT-JSON': expect.any(String) });
    expect(excludedClauses([{ type: 'suite', name: 'f', tasks: [test('NOT-A-CLAUSE: x')] }], 'x', known)).toEqual({});
  });
});
