import { describe, expect, it } from 'vitest';
import { capText } from './capText.js';

describe('capText', () => {
  it('keeps short text and cuts long text with a note of what is left out', () => {
    expect(capText('abc', 3)).toBe('abc');
    expect(capText('abcdef', 4)).toBe('abcd… (2 more characters not shown)');
  });

  it('never splits a surrogate pair', () => {
    expect(capText('ab😀cd', 3)).toBe('ab… (4 more characters not shown)');
  });
});
