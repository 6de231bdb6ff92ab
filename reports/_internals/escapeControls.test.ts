import { describe, expect, it } from 'vitest';
import { escapeControls } from './escapeControls.js';

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
