import { describe, expect, it } from 'vitest';
import { validateTimeoutMs, validateMaxOutputBytes } from './bounds.js';

describe('validateTimeoutMs', () => {
  it('accepts integers from 1 to 600,000', () => {
    expect(validateTimeoutMs(1)).toBe(1);
    expect(validateTimeoutMs(600_000)).toBe(600_000);
  });

  it.each([
    [0, '0 (number)'],
    [600_001, '600001 (number)'],
    [1.5, '1.5 (number)'],
    [Number.NaN, 'NaN (number)'],
    [Number.POSITIVE_INFINITY, 'Infinity (number)'],
    ['100', '"100" (string)'],
    [null, 'null (null)'],
    [undefined, 'undefined (undefined)'],
    [[5], '[5] (array)'],
  ])('rejects %p naming the option, the value and its type', (value, shown) => {
    expect(() => validateTimeoutMs(value)).toThrow(TypeError);
    expect(() => validateTimeoutMs(value)).toThrow(`\`timeoutMs\` option must be an integer from 1 to 600000: received ${shown}`);
  });
});

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
