import { describe, expect, it } from 'vitest';
import { describeError, UsageError } from './UsageError.js';

describe('UsageError', () => {
  it('has a literal name and carries only the details given', () => {
    const error = new UsageError('adapter.json: CFG-ARGV: too many', { clauseId: 'CFG-ARGV', field: 'argvPrefix' });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('UsageError');
    expect(Object.keys(error).sort()).toEqual(['clauseId', 'field', 'name']);
    expect(error.option).toBeUndefined();
  });
  it('keeps the cause when given', () => {
    const cause = new Error('ENOENT');
    const error = new UsageError('--payload-file: cannot be read', { option: '--payload-file', cause });
    expect(error.cause).toBe(cause);
    expect(Object.keys(error).sort()).toEqual(['name', 'option']);
  });
});

describe('describeError', () => {
  it("reads an Error's message, whatever its class", () => {
    expect(describeError(new Error('ENOENT: no such file'))).toBe('ENOENT: no such file');
    expect(describeError(new SyntaxError('Unexpected token } in JSON'))).toBe('Unexpected token } in JSON');
    expect(describeError(new UsageError('--runs: must be a positive integer'))).toBe('--runs: must be a positive integer');
  });

  it('writes anything else that was thrown as text, never undefined', () => {
    expect(describeError('a thrown string')).toBe('a thrown string');
    expect(describeError(42)).toBe('42');
    expect(describeError(null)).toBe('null');
    expect(describeError(undefined)).toBe('undefined');
  });
});
