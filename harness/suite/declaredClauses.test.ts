import { describe, expect, it } from 'vitest';
import { declaredClauses } from './declaredClauses.js';

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
