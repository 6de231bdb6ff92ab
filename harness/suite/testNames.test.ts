import { describe, expect, it } from 'vitest';
import { declaredClauses, excludedClauses, qualifyTestName, testNameFilter, type QualifyTestDeclaration } from './testNames.js';
import type { ClauseId } from '../clauses.js';

const names = [
  'REQ-CLOSED: refuses unknown fields',
  'REQ-BOUND-PAYLOAD: refuses a payload over the bound',
  'OUT-JSON, OUT-CLOSED: every answer is closed JSON',
  'SEM-CRASH-CONSISTENT: after a submit is killed',
];

function selected(only: string | null, exclude: string | null): string[] {
  const source = testNameFilter(only, exclude);
  return source === null ? names : names.filter((name) => new RegExp(source).test(name));
}

describe('testNameFilter', () => {
  it('is absent without --only and --exclude, and --only alone selects what it matches', () => {
    expect(testNameFilter(null, null)).toBeNull();
    expect(selected('REQ-', null)).toEqual([names[0], names[1]]);
    expect(selected('refuses unknown', null)).toEqual([names[0]]);
  });

  it('matches a clause ID as an ID: `^ID` (and `^ID$`) finds a test that names it after another ID', () => {
    expect(selected('^OUT-CLOSED', null)).toEqual([names[2]]);
    expect(selected('^OUT-CLOSED$', null)).toEqual([names[2]]);
    expect(selected('^OUT-JSON$', null)).toEqual([names[2]]);
    expect(selected('^CLOSED', null)).toEqual([]);
    expect(selected(null, '^OUT-CLOSED$')).toEqual([names[0], names[1], names[3]]);
    // A whole anchored test name (a replay's --only) still selects exactly that test.
    expect(selected('^OUT-JSON, OUT-CLOSED: every answer is closed JSON$', null)).toEqual([names[2]]);
  });

  it('drops every test --exclude matches, anywhere in the name', () => {
    expect(selected(null, 'REQ-')).toEqual([names[2], names[3]]);
    expect(selected(null, 'OUT-CLOSED|killed')).toEqual([names[0], names[1]]);
  });

  it('keeps only what --only matches, minus what --exclude matches', () => {
    expect(selected('REQ-', 'BOUND')).toEqual([names[0]]);
    expect(selected('REQ-|OUT-', 'BOUND|OUT-CLOSED')).toEqual([names[0]]);
  });

  it('keeps an alternation in either pattern inside its own group', () => {
    // Without the groups, `a|b` would escape the lookahead and select everything.
    expect(selected('SEM-|OUT-', 'OUT-|REQ-')).toEqual([names[3]]);
  });
});

describe('qualifyTestName', () => {
  it('starts the name with the clause IDs, as declaredClauses reads them back', () => {
    expect(qualifyTestName({ clauses: ['REQ-CLOSED'], title: 'refuses unknown fields' })).toBe('REQ-CLOSED: refuses unknown fields');
    const name = qualifyTestName({ clauses: ['SEM-TERMINAL-IMMUTABLE', 'OUT-JSON'], title: 'text: with colons', alsoDecides: ['OUT-EXIT'] });
    expect(name).toBe('SEM-TERMINAL-IMMUTABLE, OUT-JSON: text: with colons');
    expect(declaredClauses(name)).toEqual(['SEM-TERMINAL-IMMUTABLE', 'OUT-JSON']);
  });

  it('refuses a declaration without clauses or title', () => {
    expect(() => qualifyTestName({ clauses: [], title: 'x' } as unknown as QualifyTestDeclaration)).toThrow(/at least one clause and a title/);
    expect(() => qualifyTestName({ clauses: ['REQ-CLOSED'], title: ' ' })).toThrow(/at least one clause and a title/);
  });
});

describe('declaredClauses', () => {
  it('reads the clause IDs before the colon', () => {
    expect(declaredClauses('REQ-CLOSED: refuses unknown fields')).toEqual(['REQ-CLOSED']);
    expect(declaredClauses('SEM-TERMINAL-IMMUTABLE,  OUT-JSON: text: with colons')).toEqual(['SEM-TERMINAL-IMMUTABLE', 'OUT-JSON']);
  });

  it.each([
    ['an unknown ID', 'REQ-CLOSD: typo'],
    ['one unknown ID among known ones', 'REQ-CLOSED, SEM-NOPE: text'],
    ['no IDs at all', 'refuses unknown fields'],
    ['an empty head', ': text'],
    ['an empty ID in the list', 'REQ-CLOSED,: text'],
    ['a lower-case ID', 'req-closed: text'],
  ])('rejects a name with %s', (_, name) => {
    expect(() => declaredClauses(name)).toThrow(/start with their clause IDs/);
  });
});

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

  it('matches a clause ID as an ID, as the run selects tests', () => {
    expect(Object.keys(excludedClauses(files, '^OUT-CLOSED$', known)).sort()).toEqual(['OUT-CLOSED', 'OUT-JSON']);
  });

  it('takes nothing from the rule text, and no word that is not a clause of the profile', () => {
    expect(excludedClauses(files, 'always', ['OUT-JSON'])).toEqual({ 'OUT-JSON': expect.any(String) });
    expect(excludedClauses([{ type: 'suite', name: 'f', tasks: [test('NOT-A-CLAUSE: x')] }], 'x', known)).toEqual({});
  });
});
