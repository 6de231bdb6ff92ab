import { describe, expect, it } from 'vitest';
import { decodeUtf8 } from './decodeUtf8.js';

describe('decodeUtf8', () => {
  it('decodes valid UTF-8 exactly, a leading BOM included', () => {
    const text = '\uFEFF{"a":"é✓𝄞"}';
    expect(decodeUtf8(Buffer.from(text), false)).toEqual({ text, invalid: false });
  });

  it('flags invalid bytes and replaces them', () => {
    expect(decodeUtf8(Buffer.from([0x61, 0xff, 0x62]), false)).toEqual({ text: 'a\uFFFDb', invalid: true });
  });

  it('flags a truncated sequence at the end of complete output', () => {
    const bytes = Buffer.from('a✓').subarray(0, 3);
    expect(decodeUtf8(bytes, false)).toEqual({ text: 'a\uFFFD', invalid: true });
  });

  it('drops, without flagging, a sequence split by the cap', () => {
    const bytes = Buffer.from('a✓').subarray(0, 3);
    expect(decodeUtf8(bytes, true)).toEqual({ text: 'a', invalid: false });
  });
});
