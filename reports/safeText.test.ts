import { describe, expect, it } from 'vitest';
import { capText, escapeControls } from './safeText.js';

describe('capText', () => {
  it('keeps short text and cuts long text with a note of what is left out', () => {
    expect(capText('abc', 3)).toBe('abc');
    expect(capText('abcdef', 4)).toBe('abcd… (2 more characters not shown)');
  });

  it('never splits a surrogate pair', () => {
    expect(capText('ab😀cd', 3)).toBe('ab… (4 more characters not shown)');
  });
});

describe('escapeControls', () => {
  it('makes controls, lone surrogates, non-characters and bidi overrides visible', () => {
    expect(escapeControls('a\u0000b\u001bc\rd\u007fe\u0085')).toBe('a\\u{0000}b\\u{001B}c\\rd\\u{007F}e\\u{0085}');
    expect(escapeControls('x\uD800y\uDFFFz\uFFFE')).toBe('x\\u{D800}y\\u{DFFF}z\\u{FFFE}');
    expect(escapeControls('\u202Eevil')).toBe('\\u{202E}evil');
  });

  it('keeps tab, newline, paired surrogates and ordinary text', () => {
    const text = 'tab\there\nnew line, emoji 😀, accents é, CJK 漢字';
    expect(escapeControls(text)).toBe(text);
  });
});
