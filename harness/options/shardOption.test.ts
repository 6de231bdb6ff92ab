import { describe, expect, test } from 'vitest';
import { UsageError } from '../UsageError.js';
import { validateShardOption } from './shardOption.js';

describe('validateShardOption', () => {
  test('absent is the whole run; i/n is 1-based', () => {
    expect(validateShardOption(undefined)).toBeNull();
    expect(validateShardOption('1/1')).toEqual({ index: 1, count: 1 });
    expect(validateShardOption('3/3')).toEqual({ index: 3, count: 3 });
  });

  test.each(['0/3', '4/3', '1/0', '1', '1/3/2', ' 1/3', '01/3', '1/1001', 'a/b', ''])('refuses %j naming the option and the value', (value) => {
    expect(() => validateShardOption(value)).toThrow(UsageError);
    expect(() => validateShardOption(value)).toThrow(`--shard must be i/n with 1 <= i <= n <= 1000, e.g. 2/3 (got ${JSON.stringify(value)}, string)`);
  });
});
