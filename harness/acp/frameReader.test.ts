import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedLineReader, FRAME_HEAD_BYTES, type RawFrame } from './frameReader.js';

function read(bound: number, chunks: readonly Buffer[]): { frames: RawFrame[]; maxHeld: number } {
  const frames: RawFrame[] = [];
  const reader = new BoundedLineReader(bound, (frame) => frames.push(frame));
  let maxHeld = 0;
  for (const chunk of chunks) {
    reader.push(chunk);
    maxHeld = Math.max(maxHeld, reader.heldBytes);
  }
  reader.end();
  return { frames, maxHeld };
}

describe('BoundedLineReader', () => {
  it('yields the same lines however the bytes are chunked', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ unit: 'binary', maxLength: 20 }).map((text) => text.replaceAll('\n', ' ')),
          { maxLength: 6 },
        ),
        fc.array(fc.nat(), { maxLength: 10 }),
        (lines, cuts) => {
          const bytes = Buffer.from(lines.map((line) => `${line}\n`).join(''));
          const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
          const chunks = [0, ...points, bytes.length].slice(1).map((end, index, all) => bytes.subarray(index === 0 ? 0 : all[index - 1]!, end));
          const { frames } = read(1024, chunks);
          expect(frames.map((frame) => (frame.kind === 'line' ? frame.bytes.toString() : frame.kind))).toEqual(lines.map((line) => Buffer.from(line).toString()));
        },
      ),
    );
  });

  it('reports a line over the bound once, keeps only its head, and never holds more than the bound', () => {
    const bound = 4096;
    const big = Buffer.alloc(10 * bound, 0x61);
    const chunks = [big.subarray(0, 1000), big.subarray(1000, 5000), big.subarray(5000), Buffer.from('\n{"ok":1}\n')];
    const { frames, maxHeld } = read(bound, chunks);
    expect(maxHeld).toBeLessThanOrEqual(bound);
    expect(frames).toHaveLength(2);
    expect(frames[0]).toMatchObject({ kind: 'overlong', length: 10 * bound, terminated: true });
    expect(frames[0]!.kind === 'overlong' && frames[0]!.head.length).toBe(FRAME_HEAD_BYTES);
    expect(frames[1]!.kind === 'line' && frames[1]!.bytes.toString()).toBe('{"ok":1}');
  });

  it('accepts a line of exactly the bound', () => {
    const { frames } = read(8, [Buffer.from('12345678\n')]);
    expect(frames).toEqual([{ kind: 'line', bytes: Buffer.from('12345678') }]);
  });

  it('reports bytes after the last newline as unterminated', () => {
    const { frames } = read(64, [Buffer.from('{"a":1}\n{"b"')]);
    expect(frames.map((frame) => frame.kind)).toEqual(['line', 'unterminated']);
  });
});
