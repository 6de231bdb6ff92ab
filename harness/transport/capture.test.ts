import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedCapture, decodeUtf8 } from './capture.js';

const chunksArb = fc.array(fc.uint8Array({ maxLength: 40 }), { maxLength: 20 });

describe('BoundedCapture', () => {
  it('head keeps the first bytes, reports overflow once, and never holds more than max + 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 64 }), chunksArb, (max, chunks) => {
        const capture = new BoundedCapture(max, 'head');
        let overflowSignals = 0;
        for (const chunk of chunks) {
          if (capture.push(chunk)) overflowSignals += 1;
          expect(capture.heldBytes).toBeLessThanOrEqual(max + 1);
        }
        const all = Buffer.concat(chunks);
        expect(capture.seenBytes).toBe(all.length);
        expect(capture.truncated).toBe(all.length > max);
        expect(overflowSignals).toBe(all.length > max ? 1 : 0);
        expect(capture.heldBytes).toBe(Math.min(all.length, max + 1));
        expect(capture.bytes()).toEqual(all.subarray(0, max));
      }),
    );
  });

  it('tail keeps the last max bytes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 64 }), chunksArb, (max, chunks) => {
        const capture = new BoundedCapture(max, 'tail');
        for (const chunk of chunks) {
          capture.push(chunk);
          expect(capture.heldBytes).toBeLessThanOrEqual(max);
        }
        const all = Buffer.concat(chunks);
        expect(capture.truncated).toBe(all.length > max);
        expect(capture.bytes()).toEqual(all.subarray(Math.max(0, all.length - max)));
      }),
    );
  });

  it('copies chunks, so a reused source buffer does not change what was kept', () => {
    const capture = new BoundedCapture(8, 'head');
    const chunk = Buffer.from('abcd');
    capture.push(chunk);
    chunk.fill(0x7a);
    expect(capture.bytes().toString()).toBe('abcd');
  });

  it('rejects a bound that is not a positive integer', () => {
    expect(() => new BoundedCapture(0, 'head')).toThrow(TypeError);
    expect(() => new BoundedCapture(1.5, 'tail')).toThrow(/maxBytes/);
  });
});

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
