import { describe, expect, it } from 'vitest';
import { testNameFilter } from './testNameFilter.js';

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
  it('is absent without --only and --exclude, and --only alone as written', () => {
    expect(testNameFilter(null, null)).toBeNull();
    expect(testNameFilter('REQ-', null)).toBe('REQ-');
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
