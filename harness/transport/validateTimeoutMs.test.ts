import { describe, expect, it } from 'vitest';
import { validateTimeoutMs } from './validateTimeoutMs.js';

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
