import { describe, expect, it } from 'vitest';
import { validateMaxOutputBytes } from './validateMaxOutputBytes.js';

describe('validateMaxOutputBytes', () => {
  it('accepts integers from 1,024 to 1,048,576', () => {
    expect(validateMaxOutputBytes(1_024)).toBe(1_024);
    expect(validateMaxOutputBytes(1_048_576)).toBe(1_048_576);
  });

  it.each([
    [1_023, '1023 (number)'],
    [1_048_577, '1048577 (number)'],
    [2048.5, '2048.5 (number)'],
    [2048n, '2048n (bigint)'],
    [{}, '{} (object)'],
  ])('rejects %p naming the option, the value and its type', (value, shown) => {
    expect(() => validateMaxOutputBytes(value)).toThrow(TypeError);
    expect(() => validateMaxOutputBytes(value)).toThrow(`\`maxOutputBytes\` option must be an integer from 1024 to 1048576: received ${shown}`);
  });
});
