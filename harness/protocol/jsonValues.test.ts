import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPlainText } from './jsonValues.js';

describe('isPlainText', () => {
  it('holds exactly for text whose JSON literal only adds quotes and whose UTF-8 is one byte per character', () => {
    expect(isPlainText('')).toBe(true);
    expect(isPlainText(' !#[]~ operation-1:x')).toBe(true);
    for (const text of ['"', '\\', '\u001f', '\u007f', '\u00e9', '\ud800', '\n']) expect(isPlainText(text), JSON.stringify(text)).toBe(false);
  });

  it('never holds for text that JSON.stringify escapes or UTF-8 widens', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        if (isPlainText(text)) {
          expect(JSON.stringify(text)).toBe(`"${text}"`);
          expect(Buffer.byteLength(text, 'utf8')).toBe(text.length);
        }
      }),
    );
  });
});
